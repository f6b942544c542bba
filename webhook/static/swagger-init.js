// Starts Swagger UI on /docs. A file of its own, not an inline script, so that the
// Content-Security-Policy (script-src 'self') allows it (docs/operations.md).
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    layout: "BaseLayout",
    presets: [SwaggerUIBundle.presets.apis],
  });
});
