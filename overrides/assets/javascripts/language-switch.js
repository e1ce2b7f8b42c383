// The language switch lands on the same section: both languages share their heading ids, and the
// switcher's links already point at the same page in the other language; they get the section.
document.addEventListener("click", function (event) {
  var link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
  if (link && location.hash) link.hash = location.hash;
}, true);
