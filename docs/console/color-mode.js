// The colour mode of the console, chosen as the reference chooses its own: the reader's last choice on either
// page (Redoc keeps it in localStorage as `redoc.colorMode`, and both pages share this origin's storage), else
// the system's preference. Run before the first paint, so a dark page never flashes light.
(function applyColorMode() {
  var mode;
  try {
    mode = window.localStorage.getItem('redoc.colorMode');
  } catch (error) {
    mode = null;
  }
  if (mode !== 'light' && mode !== 'dark') mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  // Swagger UI styles its dark theme under html.dark-mode
  document.documentElement.classList.toggle('dark-mode', mode === 'dark');
})();
