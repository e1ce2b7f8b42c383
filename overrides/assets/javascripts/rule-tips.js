// A rule marker's statement shows while the marker is hovered or focused (pages.css). Escape hides
// it without moving the pointer or the focus, until the marker is left or loses focus (WCAG 1.4.13).
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const marker of document.querySelectorAll("a.rule-ref:is(:hover, :focus-visible)")) {
    marker.classList.add("rule-ref--dismissed");
  }
});
for (const type of ["mouseout", "focusout"]) {
  document.addEventListener(type, (event) => {
    if (event.target instanceof Element && event.target.matches("a.rule-ref")) {
      event.target.classList.remove("rule-ref--dismissed");
    }
  });
}
