// Swagger UI over this service's OpenAPI document; everything it loads comes from this origin.
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  tryItOutEnabled: true,
  validatorUrl: null, // the default validator is a public web service
  displayRequestDuration: true,
});
