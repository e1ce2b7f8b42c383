/* Stepped figures (docs_pipeline/steps_figure.py): one frame at a time beside the program.
   Without JavaScript every frame is shown in order. With it, steps.css (keyed on the .steps-js
   class that the page's <head> sets) shows the first frame, as the markup has it, and this script
   steps through the rest: Previous/Next buttons, the arrow keys while the figure (or one of its
   buttons) has focus, the current line highlighted (and aria-current), the current step's sentence
   in a live region (a screen reader announces it), each button named by the step it leads to. */
(function () {
  "use strict";

  function setup(figure) {
    var frames = figure.querySelectorAll(".steps__frame");
    var lines = figure.querySelectorAll(".steps__line");
    var live = figure.querySelector(".steps__live");
    var code = figure.querySelector(".steps__code");
    var prev = figure.querySelector(".steps__prev");
    var next = figure.querySelector(".steps__next");
    var current = 0;  // the markup shows the first step (steps_figure.py)
    if (!frames.length || !live || !prev || !next) return;

    // The current line, and this step's nodes, scrolled into view within their panes. Reading sizes
    // makes the browser lay out the page there and then, so for the first frame this waits for the
    // layout of the next paint (below) instead of forcing one while the page loads.
    function keepInView(frame) {
      var shown = figure.querySelector(".steps__line--current");
      if (shown && code.scrollHeight > code.clientHeight) {  // keep the current line in view (the pane only)
        if (shown.offsetTop < code.scrollTop || shown.offsetTop + shown.offsetHeight > code.scrollTop + code.clientHeight) {
          code.scrollTop = Math.max(0, shown.offsetTop - code.clientHeight / 3);
        }
      }
      var canvas = frame.querySelector(".steps__canvas");
      var mark = frame.querySelector(".steps__current, .steps__new");
      if (canvas && mark && canvas.scrollWidth > canvas.clientWidth) {  // a graph wider than the page: this step's nodes in view
        var box = canvas.getBoundingClientRect();
        var at = mark.getBoundingClientRect();
        canvas.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
      }
    }

    function show(index) {
      index = Math.max(0, Math.min(frames.length - 1, index));
      if (index === current) return;
      current = index;
      var frame = frames[index];
      var ran = (frame.getAttribute("data-ran") || "").split(" ");
      var line = frame.getAttribute("data-line");
      frames.forEach(function (f, i) {
        f.classList.toggle("steps__frame--current", i === index);
      });
      lines.forEach(function (l) {
        var n = l.getAttribute("data-line");
        l.classList.toggle("steps__line--current", n === line);
        l.classList.toggle("steps__line--ran", n !== line && ran.indexOf(n) >= 0);
        if (n === line) l.setAttribute("aria-current", "step");
        else l.removeAttribute("aria-current");
      });
      keepInView(frame);
      live.replaceChildren.apply(live, Array.from(frame.querySelector(".steps__text").cloneNode(true).childNodes));
      leadsTo(prev, index > 0 ? index : 0);  // steps are numbered from 1: the previous one is `index`
      leadsTo(next, index < frames.length - 1 ? index + 2 : 0);
    }

    // A button's name says the step it leads to (data-to, "{n}" the step); where it leads nowhere, its
    // label alone, and aria-disabled.
    function leadsTo(button, step) {
      button.setAttribute("aria-disabled", String(!step));
      button.setAttribute("aria-label", step ? button.getAttribute("data-to").replace("{n}", step) : button.getAttribute("data-label"));
    }

    prev.addEventListener("click", function () { show(current - 1); });
    next.addEventListener("click", function () { show(current + 1); });
    figure.addEventListener("keydown", function (event) {
      if (event.target !== figure && event.target !== prev && event.target !== next) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === "ArrowLeft") show(current - 1);
      else if (event.key === "ArrowRight") show(current + 1);
      else return;
      event.preventDefault();
    });

    figure.tabIndex = 0;
    // Nothing else to set: the live region already holds the first sentence, so a screen reader
    // announces nothing as the page loads.
    requestAnimationFrame(function () { if (current === 0) keepInView(frames[0]); });
  }

  document.querySelectorAll("figure.steps").forEach(setup);
})();
