// GraphiQL over this service's /graphql; everything it loads comes from this origin.
const EXAMPLE = `# Arbiter's GraphQL API: the same operations as REST.
# Press the run button (or Ctrl-Enter), then open the docs (book icon) for every field.
query Games {
  games {
    id
    title
    minPlayers
    maxPlayers
  }
}
`;
const fetcher = GraphiQL.createFetcher({ url: "/graphql" });
ReactDOM.createRoot(document.getElementById("graphiql")).render(
  React.createElement(GraphiQL, { fetcher, defaultQuery: EXAMPLE, defaultEditorToolsVisibility: true }),
);
