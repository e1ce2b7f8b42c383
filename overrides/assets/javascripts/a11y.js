// What Material's script adds to a page, made readable by screen readers (axe-core and
// Lighthouse hold it: tests/audit/, tests/browser/). Material mounts a code block's copy button
// and annotation markers when the block first scrolls into view (content.lazy in mkdocs.yml), so
// each is fixed as it appears:
// - an annotation marker is a link whose number Material draws with CSS (::after): it gets a name,
//   "Annotation 3" in the page's language (data-label on this script tag, overrides/main.html);
// - the bar holding a code block's copy button is a <nav>, one landmark per code block, all
//   unnamed: it is no navigation, so it is not announced as one (role="none");
// - a table's wrapper, which scrolls sideways where the table is wider than a phone: it takes the
//   focus, so a keyboard can scroll it (axe's scrollable-region-focusable, at 412 px).
(function () {
  "use strict";
  var script = document.currentScript;
  var label = (script && script.getAttribute("data-label")) || "{n}";
  var MARKER = ".md-annotation__index:not([aria-label])";
  var CODE_NAV = "nav.md-code__nav:not([role])";
  var TABLE = ".md-typeset__scrollwrap:not([tabindex])";

  function fix(root) {
    if (root.nodeType !== 1) return;
    var markers = Array.prototype.slice.call(root.querySelectorAll(MARKER));
    if (root.matches(MARKER)) markers.push(root);
    markers.forEach(function (marker) {
      var number = marker.querySelector("[data-md-annotation-id]");
      if (number) marker.setAttribute("aria-label", label.replace("{n}", number.getAttribute("data-md-annotation-id")));
    });
    var navs = Array.prototype.slice.call(root.querySelectorAll(CODE_NAV));
    if (root.matches(CODE_NAV)) navs.push(root);
    navs.forEach(function (nav) {
      nav.setAttribute("role", "none");
    });
    var tables = Array.prototype.slice.call(root.querySelectorAll(TABLE));
    if (root.matches(TABLE)) tables.push(root);
    tables.forEach(function (table) {
      table.setAttribute("tabindex", "0");
    });
  }

  // A Tab stop taller than the window (a stepped figure, a long table's wrapper) that the browser
  // centres as it takes the focus would start above the window, under the sticky header: its top is
  // shown instead, below the header (pages.css: scroll-padding-top). Focus from the keyboard only:
  // a click inside it does not move the page. (tests/browser/test_browser_a11y.py)
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    if (!target.closest || !target.closest(".md-content") || !target.matches(":focus-visible")) return;
    var edge = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    var box = target.getBoundingClientRect();
    if (box.top < edge && box.bottom > edge) target.scrollIntoView({ block: "start" });
  });

  var content = document.querySelector("[data-md-component=content]");
  if (!content) return;
  fix(content);
  new MutationObserver(function (records) {
    records.forEach(function (record) {
      Array.prototype.forEach.call(record.addedNodes, fix);
    });
  }).observe(content, { childList: true, subtree: true });
})();
