// gradcli's backward view (explain/html.py): steps through the engine's backward pass on the inline SVG.
// No library and no network; the data is the JSON in the view's <script class="gv-data">.
function gradcliView(root) {
  "use strict";
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  var data = JSON.parse(root.querySelector(".gv-data").textContent);
  var $ = function (name) { return root.querySelector(name); };
  var nodes = {}, edges = {};
  root.querySelectorAll("g.node").forEach(function (g) {
    nodes[g.dataset.key] = g;
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", Array.prototype.map.call(g.querySelectorAll("text"),
      function (t) { return t.textContent; }).join(", "));
  });
  root.querySelectorAll("path.edge").forEach(function (p) { edges[p.dataset.from + ">" + p.dataset.to] = p; });
  var passes = data.passes, pass = Math.max(passes.length - 1, 0), at = 0, timer = null, marked = [];
  var select = $(".gv-pass"), slider = $(".gv-slider"), text = $(".gv-text"), count = $(".gv-count");
  var play = $(".gv-play");
  passes.forEach(function (p, i) {
    var option = document.createElement("option");
    option.value = i; option.textContent = p.title; select.appendChild(option);
  });
  select.value = pass;
  if (passes.length < 2) select.style.display = "none";

  function steps() { return passes.length ? passes[pass].steps : []; }
  function mark(element, name) { if (element) { element.classList.add(name); marked.push([element, name]); } }
  function line(kind, content) {
    var span = document.createElement("span");
    span.className = kind; span.textContent = content + "\n"; return span;
  }
  function show() {
    var list = steps(), step = list[at - 1];
    marked.forEach(function (m) { m[0].classList.remove(m[1]); });
    marked = [];
    slider.max = list.length; slider.value = at;
    count.textContent = list.length ? "step " + at + " / " + list.length : "graph";
    $(".gv-prev").disabled = $(".gv-first").disabled = at <= 0;
    $(".gv-next").disabled = $(".gv-last").disabled = at >= list.length;
    text.textContent = "";
    for (var i = 0; i < at - 1; i++) mark(nodes[list[i].key], "done");
    if (!step) {
      text.appendChild(line("head", passes.length ? passes[pass].title : data.title));
      text.appendChild(line("value", list.length
        ? list.length + " steps, in the order the engine runs them: next (\u2192), previous (\u2190), play (space); "
          + "click a node for its step."
        : "Click a node (or focus it and press Enter) for what is known of it."));
      return;
    }
    var here = nodes[step.key];
    if (here) here.classList.remove("done");
    mark(here, "current");
    step.to.forEach(function (key) { mark(nodes[key], "target"); mark(edges[step.key + ">" + key], "sending"); });
    step.from.forEach(function (key) { mark(nodes[key], "source"); mark(edges[key + ">" + step.key], "receiving"); });
    text.appendChild(line("head", step.head));
    step.lines.forEach(function (l) { text.appendChild(line(l[0], l[1])); });
    if (here && here.scrollIntoView) here.scrollIntoView({block: "nearest", inline: "nearest"});
  }
  function go(n) { at = Math.max(0, Math.min(steps().length, n)); show(); }
  function stop() { if (timer) { clearInterval(timer); timer = null; } play.innerHTML = "\u25B6 play";
    play.setAttribute("aria-label", "play"); }
  function toggle() {
    if (timer) return stop();
    if (at >= steps().length) go(0);
    play.innerHTML = "\u275A\u275A pause"; play.setAttribute("aria-label", "pause");
    timer = setInterval(function () { if (at >= steps().length) stop(); else go(at + 1); }, 900);
  }
  function showNode(g) {
    var list = steps();
    for (var i = list.length - 1; i >= 0; i--) if (list[i].key === g.dataset.key) { stop(); return go(i + 1); }
    go(0);
    text.textContent = "";
    g.querySelectorAll("text").forEach(function (t, i) { text.appendChild(line(i ? "value" : "head", t.textContent)); });
    mark(g, "current");
  }
  $(".gv-first").onclick = function () { stop(); go(0); };
  $(".gv-prev").onclick = function () { stop(); go(at - 1); };
  $(".gv-next").onclick = function () { stop(); go(at + 1); };
  $(".gv-last").onclick = function () { stop(); go(steps().length); };
  play.onclick = toggle;
  slider.oninput = function () { stop(); go(+slider.value); };
  select.onchange = function () { stop(); pass = +select.value; go(0); };
  Object.keys(nodes).forEach(function (key) {
    nodes[key].addEventListener("click", function () { showNode(nodes[key]); });
  });
  root.addEventListener("keydown", function (event) {
    var target = event.target, tag = target.tagName;
    if (tag === "SELECT" || tag === "INPUT" && /Arrow|Home|End/.test(event.key)) return;
    var node = target.closest && target.closest("g.node");
    if (node && (event.key === "Enter" || event.key === " ")) { showNode(node); event.preventDefault(); return; }
    if (tag === "BUTTON" && (event.key === "Enter" || event.key === " ")) return;
    var keys = {ArrowRight: function () { stop(); go(at + 1); }, ArrowLeft: function () { stop(); go(at - 1); },
                Home: function () { stop(); go(0); }, End: function () { stop(); go(steps().length); }, " ": toggle};
    if (keys[event.key]) { keys[event.key](); event.preventDefault(); }
  });
  show();
}
