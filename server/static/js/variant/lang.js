// The variant page's language, before anything is drawn, as the classic
// page's inline script chooses it (index.html): the one chosen in the
// classic page's settings, or else the browser's first that the pages
// have. In another than English the page stays hidden until app.js has
// its words in, so that it neither shows English first nor moves as they
// change. A plain script, not a module, so that it runs before the first
// paint; not inline, as the server's policy allows only index.html's.
(function () {
  var langs = ["en", "de", "es", "fr", "it", "pt", "zh"], l;
  try { l = (JSON.parse(localStorage.getItem("godoku.prefs.v1")) || {}).lang; } catch (e) { l = ""; }
  if (langs.indexOf(l) < 0) {
    l = "en";
    var ns = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < ns.length; i++) {
      var b = String(ns[i]).toLowerCase().split(/[-_;]/)[0];
      if (langs.indexOf(b) >= 0) { l = b; break; }
    }
  }
  document.documentElement.dataset.lang = l;
  if (l === "en") return;
  document.documentElement.classList.add("i18n-wait");
  var pre = document.createElement("link");
  pre.rel = "preload"; pre.as = "fetch"; pre.crossOrigin = "anonymous"; pre.href = "i18n/" + l + ".json";
  document.head.appendChild(pre);
})();
