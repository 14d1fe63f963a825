/* Application Insights JavaScript SDK (content of the Microsoft.ApplicationInsights.JavaScript package). */
var appInsights = window.appInsights || function (config) { return { config: config }; };
