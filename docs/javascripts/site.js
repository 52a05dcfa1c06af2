/* Two small behaviours of the site, without dependencies.

   1. A click on a diagram opens it full size over the page (a click or Escape closes
      it); without JavaScript the link opens the SVG file itself.
   2. The language switch keeps the part of the page in view: the same rule or question
      (rule IDs and anchors are the same in every language).
   3. A code block that scrolls sideways is a Tab stop, so that it can be scrolled from
      the keyboard (WCAG 2.1.1; axe-core's scrollable-region-focusable). */
(function () {
  "use strict";

  function openFull(link) {
    var dialog = document.createElement("dialog");
    dialog.className = "diagram-full";
    var img = document.createElement("img");
    img.src = link.getAttribute("href");
    var inner = link.querySelector("img");
    img.alt = inner ? inner.alt : "";
    dialog.appendChild(img);
    dialog.addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("close", function () { dialog.remove(); });
    document.body.appendChild(dialog);
    dialog.showModal();
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    var zoom = target.closest("a.diagram-zoom");
    if (zoom && typeof HTMLDialogElement === "function") {
      event.preventDefault();
      openFull(zoom);
      return;
    }
    var lang = target.closest("a.md-select__link[hreflang]");
    if (lang && location.hash) {
      var href = lang.getAttribute("href").split("#")[0];
      lang.setAttribute("href", href + location.hash);
    }
  }, true);

  function focusableScrolls() {
    var blocks = document.querySelectorAll("pre > code, pre.arbiter-answer");
    for (var i = 0; i < blocks.length; i++) {
      var block = blocks[i];
      if (block.scrollWidth > block.clientWidth && !block.hasAttribute("tabindex")) {
        block.setAttribute("tabindex", "0");
      }
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", focusableScrolls);
  } else {
    focusableScrolls();
  }
  window.addEventListener("resize", focusableScrolls);
})();
