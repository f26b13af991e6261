// The try-it console: Swagger UI on the contract this server serves, with this server's own /v1 as its only
// server, so "Try it out" (and the curl it shows) talks to the server the page came from. Nothing is loaded
// from another host (validatorUrl: null turns off Swagger UI's call to its online validator).
//
// It opens on what a first visit needs: a short introduction (the contract's long one is the reference's
// first page) with the Authorize button below it, then the operations. The key entered there is kept for
// this browser tab only (sessionStorage: a reload keeps it, a new tab or a closed browser does not), never in
// localStorage. An operation is opened by Swagger UI's deep link, `#/<tag>/<operationId>`, or by the
// reference's link to it, `?operation=<tag>/<operationId>`.
(function startConsole() {
  var KEY_STORAGE = 'partner-messaging.console.api-key';
  var COLOR_STORAGE = 'redoc.colorMode';

  var INTRO =
    'Send any operation to **this server** with your key: press **Authorize**, paste the key (`ik_test_…`, as `npm start` printed it, ' +
    'or one from `npm run sandbox -- keys create --mode test`), then open an operation, **Try it out** and **Execute**. ' +
    'The key stays in this browser tab only. What each operation does, with samples in nine languages: the [reference](../); ' +
    'from nothing to a first send: the [quickstart](../#/quickstart).';

  function keptKey() {
    try {
      return window.sessionStorage.getItem(KEY_STORAGE);
    } catch (error) {
      return null;
    }
  }

  function keepKey(value) {
    try {
      if (value) window.sessionStorage.setItem(KEY_STORAGE, value);
      else window.sessionStorage.removeItem(KEY_STORAGE);
    } catch (error) {
      // storage refused (private mode): the key lasts as long as the page
    }
  }

  // Swagger UI's Authorize and Logout, wrapped: what the reader authorizes is kept for the tab
  function KeepKeyForTheTab() {
    return {
      statePlugins: {
        auth: {
          wrapActions: {
            authorize: function (original) {
              return function (payload) {
                var entry = payload && payload.bearerAuth;
                if (entry && typeof entry.value === 'string') keepKey(entry.value);
                return original(payload);
              };
            },
            logout: function (original) {
              return function (payload) {
                keepKey(null);
                return original(payload);
              };
            },
          },
        },
      },
    };
  }

  function colorModeButton() {
    var button = document.querySelector('.console-color-mode');
    function show() {
      button.textContent = document.documentElement.classList.contains('dark-mode') ? 'Light' : 'Dark';
    }
    button.addEventListener('click', function () {
      var dark = !document.documentElement.classList.contains('dark-mode');
      document.documentElement.classList.toggle('dark-mode', dark);
      try {
        window.localStorage.setItem(COLOR_STORAGE, dark ? 'dark' : 'light');
      } catch (error) {
        // not kept: the page still switches
      }
      show();
    });
    show();
  }

  // the reference links an operation as ?operation=<tag>/<operationId>: Swagger UI opens it from the hash
  function openLinkedOperation() {
    var linked = new URLSearchParams(window.location.search).get('operation');
    if (linked && !window.location.hash) window.history.replaceState(null, '', window.location.pathname + '#/' + linked);
  }

  async function start() {
    openLinkedOperation();
    colorModeButton();
    var contractUrl = new URL('../../openapi.json', window.location.href);
    var apiBase = new URL('../../v1', window.location.href).href;
    var response = await fetch(contractUrl);
    var spec = await response.json();
    spec.servers = [{ url: apiBase, description: 'This server' }];
    spec.info = Object.assign({}, spec.info, { description: INTRO });
    window.ui = SwaggerUIBundle({
      spec: spec,
      dom_id: '#console',
      presets: [SwaggerUIBundle.presets.apis],
      plugins: [KeepKeyForTheTab],
      layout: 'BaseLayout',
      deepLinking: true,
      tryItOutEnabled: true,
      displayRequestDuration: true,
      filter: true,
      validatorUrl: null,
      persistAuthorization: false,
      onComplete: function () {
        var key = keptKey();
        if (key) window.ui.preauthorizeApiKey('bearerAuth', key);
      },
    });
  }

  start();
})();
