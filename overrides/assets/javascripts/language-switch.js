// The language switch lands on the same section: both languages share their heading ids.
// The switcher's links already point at the same page in the other language, so the click
// is kept from Material's sitemap-based redirect, which drops the section.
document.addEventListener("click", function (event) {
  var link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
  if (!link) return;
  if (location.hash) link.hash = location.hash;
  event.stopPropagation();
}, true);
