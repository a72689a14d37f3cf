import { zipTexts } from "./zip";

/*
 * CTTY_15: a real SCORM 1.2 SCO. It finds the LMS API the ADL way (parents, then the opener),
 * resumes on the page it was left on (cmi.core.lesson_location and cmi.suspend_data), commits
 * after every page, and scores a three-question check: passed with 2 of 3 or more.
 */

export const SCORM12_TITLE = "Sistemas de numeración: repaso";

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="aula-demo-sistemas-numeracion" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org-numeracion">
    <organization identifier="org-numeracion">
      <title>${SCORM12_TITLE}</title>
      <item identifier="item-numeracion" identifierref="res-numeracion" isvisible="true">
        <title>${SCORM12_TITLE}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-numeracion" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
      <file href="sco.js"/>
      <file href="style.css"/>
    </resource>
  </resources>
</manifest>
`;

const QUESTIONS = [
  { id: "q1", text: "¿Cuánto vale la cifra 4 en el número 2.457?", options: ["4", "40", "400", "4.000"], correct: 2 },
  { id: "q2", text: "¿Qué número romano representa 49?", options: ["IL", "XLIX", "XXXXIX", "LIX"], correct: 1 },
  { id: "q3", text: "¿Por qué decimos que nuestro sistema de numeración es posicional?", options: ["Porque usa diez cifras", "Porque el valor de cada cifra depende del lugar que ocupa", "Porque no tiene cero", "Porque las cifras se suman"], correct: 1 },
] as const;

const questionHtml = QUESTIONS.map(
  (q, i) => `      <fieldset>
        <legend>${i + 1}. ${q.text}</legend>
${q.options.map((o, j) => `        <label><input type="radio" name="${q.id}" value="${j}"> ${o}</label>`).join("\n")}
      </fieldset>`,
).join("\n");

const INDEX_HTML = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SCORM12_TITLE}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<main>
  <p id="lms-status" class="notice" role="status"></p>
  <p class="progress" aria-live="polite">Página <span id="page-number">1</span> de 3</p>

  <section class="page" data-page="1" aria-labelledby="h1">
    <h1 id="h1" tabindex="-1">El sistema decimal</h1>
    <p>Usamos diez cifras, del 0 al 9. Diez unidades forman una decena, diez decenas una centena y diez centenas un millar.</p>
    <p>Es un sistema <strong>posicional</strong>: en 2.457 la cifra 4 vale 400 porque ocupa el lugar de las centenas.</p>
  </section>

  <section class="page" data-page="2" aria-labelledby="h2" hidden>
    <h1 id="h2" tabindex="-1">La numeración romana</h1>
    <p>Siete letras: I = 1, V = 5, X = 10, L = 50, C = 100, D = 500 y M = 1.000. Es un sistema <strong>aditivo</strong>: los valores se suman.</p>
    <p>Un símbolo menor delante de uno mayor se resta: IV = 4, XL = 40, CM = 900. I, X, C y M se repiten como mucho tres veces.</p>
  </section>

  <section class="page" data-page="3" aria-labelledby="h3" hidden>
    <h1 id="h3" tabindex="-1">Comprueba lo aprendido</h1>
    <form id="quiz">
${questionHtml}
      <button type="submit">Corregir</button>
    </form>
    <p id="result" role="status"></p>
    <button type="button" id="finish">Terminar</button>
  </section>

  <nav aria-label="Páginas">
    <button type="button" id="prev">Anterior</button>
    <button type="button" id="next">Siguiente</button>
  </nav>
</main>
<script src="sco.js"></script>
</body>
</html>
`;

const SCO_JS = `"use strict";
(function () {
  var ANSWERS = ${JSON.stringify(Object.fromEntries(QUESTIONS.map((q) => [q.id, String(q.correct)])))};
  var PAGES = 3;
  var api = null;
  var finished = false;
  var startedAt = Date.now();
  var state = { page: 1, answers: {} };

  /* ADL's FindAPI: walk up the parent frames, then try the opener's. */
  function findAPI(win) {
    var tries = 0;
    try {
      while ((win.API == null) && (win.parent != null) && (win.parent != win)) {
        tries++;
        if (tries > 500) return null;
        win = win.parent;
      }
      return win.API || null;
    } catch (e) {
      return null; /* a frame of another origin: no API that way */
    }
  }
  function getAPI() {
    var found = findAPI(window);
    if (found == null && window.opener != null && typeof window.opener != "undefined") found = findAPI(window.opener);
    return found;
  }

  function get(name) { return api ? String(api.LMSGetValue(name)) : ""; }
  function set(name, value) { if (api) api.LMSSetValue(name, String(value)); }
  function commit() { if (api) api.LMSCommit(""); }

  function sessionTime() {
    var s = Math.floor((Date.now() - startedAt) / 1000);
    var pad = function (n, w) { n = String(n); while (n.length < w) n = "0" + n; return n; };
    return pad(Math.floor(s / 3600), 4) + ":" + pad(Math.floor(s / 60) % 60, 2) + ":" + pad(s % 60, 2);
  }

  function save() {
    set("cmi.core.lesson_location", state.page);
    set("cmi.suspend_data", JSON.stringify(state));
    commit();
  }

  function show(page, moveFocus) {
    state.page = Math.min(PAGES, Math.max(1, page));
    var sections = document.querySelectorAll(".page");
    for (var i = 0; i < sections.length; i++) sections[i].hidden = Number(sections[i].getAttribute("data-page")) !== state.page;
    document.getElementById("page-number").textContent = String(state.page);
    document.getElementById("prev").disabled = state.page === 1;
    document.getElementById("next").disabled = state.page === PAGES;
    if (moveFocus) document.getElementById("h" + state.page).focus();
  }

  function restoreAnswers() {
    for (var id in state.answers) {
      var input = document.querySelector('input[name="' + id + '"][value="' + state.answers[id] + '"]');
      if (input) input.checked = true;
    }
  }

  function score() {
    var correct = 0;
    var total = 0;
    for (var id in ANSWERS) {
      total++;
      var chosen = document.querySelector('input[name="' + id + '"]:checked');
      state.answers[id] = chosen ? chosen.value : "";
      if (chosen && chosen.value === ANSWERS[id]) correct++;
    }
    return { correct: correct, total: total };
  }

  function finish() {
    if (finished || !api) return;
    finished = true;
    var status = get("cmi.core.lesson_status");
    set("cmi.core.exit", status === "passed" || status === "failed" ? "" : "suspend");
    set("cmi.core.session_time", sessionTime());
    api.LMSCommit("");
    api.LMSFinish("");
  }

  api = getAPI();
  var notice = document.getElementById("lms-status");
  if (api && String(api.LMSInitialize("")) === "true") {
    var status = get("cmi.core.lesson_status");
    if (status === "" || status === "not attempted") set("cmi.core.lesson_status", "incomplete");
    try {
      var saved = JSON.parse(get("cmi.suspend_data") || "{}");
      if (saved && typeof saved === "object") state.answers = saved.answers || {};
    } catch (e) { /* unreadable suspend data: start over */ }
    var resumePage = parseInt(get("cmi.core.lesson_location"), 10);
    if (resumePage >= 1 && resumePage <= PAGES) state.page = resumePage;
    commit();
    notice.hidden = true;
  } else {
    api = null;
    notice.textContent = "No se ha encontrado la plataforma (LMS): puedes hacer la actividad, pero tu progreso no se guardará.";
  }

  restoreAnswers();
  show(state.page, false);

  document.getElementById("prev").addEventListener("click", function () { show(state.page - 1, true); save(); });
  document.getElementById("next").addEventListener("click", function () { show(state.page + 1, true); save(); });
  document.getElementById("quiz").addEventListener("submit", function (event) {
    event.preventDefault();
    var r = score();
    var raw = Math.round((r.correct / r.total) * 100);
    var passed = r.correct * 3 >= r.total * 2;
    set("cmi.core.score.min", 0);
    set("cmi.core.score.max", 100);
    set("cmi.core.score.raw", raw);
    set("cmi.core.lesson_status", passed ? "passed" : "failed");
    save();
    document.getElementById("result").textContent = "Has acertado " + r.correct + " de " + r.total + " (" + raw + " puntos). " +
      (passed ? "¡Superado!" : "Repasa las páginas anteriores y vuelve a intentarlo.");
  });
  document.getElementById("finish").addEventListener("click", function () {
    finish();
    document.getElementById("result").textContent = "Actividad terminada. Ya puedes cerrar esta ventana.";
  });
  window.addEventListener("pagehide", finish);
  window.addEventListener("beforeunload", finish);
})();
`;

const STYLE_CSS = `:root { font-family: system-ui, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #242424; background: #fff; }
main { max-width: 42rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; }
.notice { background: #fff4ce; border: 1px solid #8a6d00; padding: .5rem; border-radius: 4px; }
.progress { color: #424242; margin: 0; }
fieldset { border: 1px solid #d1d1d1; border-radius: 6px; margin: 0 0 1rem; padding: .5rem 1rem; }
legend { font-weight: 600; padding: 0 .25rem; }
label { display: block; padding: .2rem 0; }
nav { display: flex; gap: .5rem; justify-content: space-between; margin-top: 1.5rem; }
button { font: inherit; padding: .4rem 1rem; border-radius: 4px; border: 1px solid #0f6cbd; background: #0f6cbd; color: #fff; cursor: pointer; }
button:disabled { background: #f0f0f0; color: #707070; border-color: #d1d1d1; cursor: default; }
:focus-visible { outline: 3px solid #242424; outline-offset: 2px; }
`;

export const SCORM12_FILES = { "imsmanifest.xml": MANIFEST, "index.html": INDEX_HTML, "sco.js": SCO_JS, "style.css": STYLE_CSS } as const;

/** The SCO as an uploadable SCORM 1.2 package (imsmanifest.xml at the root). */
export function buildScorm12Package(): Uint8Array {
  return zipTexts(SCORM12_FILES);
}
