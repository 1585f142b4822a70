// Swagger UI over this service's OpenAPI document; everything it loads comes from this origin.
//
// The whole document (/openapi.json) holds every game's types and examples: megabytes, which
// Swagger UI takes a while to read. So the page opens one game's document first
// (/docs/games/<game>/openapi.json: the same operations, that game's types and examples only),
// and the list in the bar switches to another game's or to the whole one (?game=all). The bar
// says what is loading meanwhile.
"use strict";

const chooser = document.getElementById("document");
const loading = document.getElementById("loading");

/** The document of ``game`` ("all": the whole one). */
function documentOf(game) {
  return game === "all" ? "/openapi.json" : `/docs/games/${encodeURIComponent(game)}/openapi.json`;
}

async function listedGames() {
  try {
    const response = await fetch("/v1/games", { headers: { accept: "application/json" } });
    return response.ok ? (await response.json()).games : [];
  } catch {
    return [];
  }
}

async function start() {
  const games = await listedGames();
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.id;
    option.textContent = `${game.title} only`;
    chooser.append(option);
  }
  const asked = new URLSearchParams(location.search).get("game");
  const known = asked === "all" || games.some((game) => game.id === asked);
  const chosen = known ? asked : games.length ? games[0].id : "all";
  chooser.value = chosen;
  chooser.addEventListener("change", () => {
    const query = new URLSearchParams(location.search);
    query.set("game", chooser.value);
    location.search = query.toString(); // a new page: a document of its own
  });
  const url = documentOf(chosen);
  loading.textContent = `loading ${url}…`;
  window.ui = SwaggerUIBundle({
    url,
    dom_id: "#swagger-ui",
    deepLinking: true,
    tryItOutEnabled: true,
    validatorUrl: null, // the default validator is a public web service
    displayRequestDuration: true,
    onComplete: () => {
      loading.textContent = "";
      document.body.dataset.document = url; // the document shown (for the browser tests)
    },
  });
}

start();
