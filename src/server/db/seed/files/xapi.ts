import { escapeXml, zipTexts } from "./zip";

/*
 * CTTY_17: a real xAPI (TinCan) package. It reads the TinCan launch parameters (endpoint, auth,
 * actor, registration, activity_id) and posts xAPI 1.0.3 statements to the record store:
 * initialized, answered per question, then completed and passed or failed. It resumes through the
 * State resource: each answer chosen is PUT as the state "respuestas" of the activity, agent and
 * registration, and a relaunch reads it back and marks the same answers.
 */

export const XAPI_STATE_ID = "respuestas";

export const XAPI_ACTIVITY_ID = "https://aula.local/xapi/demo/numeros-romanos";
export const XAPI_TITLE = "Reto: números romanos";

const TINCAN_XML = `<?xml version="1.0" encoding="utf-8"?>
<tincan xmlns="http://projecttincan.com/tincan.xsd">
  <activities>
    <activity id="${XAPI_ACTIVITY_ID}" type="http://adlnet.gov/expapi/activities/course">
      <name lang="es-ES">${escapeXml(XAPI_TITLE)}</name>
      <description lang="es-ES">Tres preguntas para pasar de números romanos a nuestro sistema y al revés.</description>
      <launch lang="und">index.html</launch>
    </activity>
  </activities>
</tincan>
`;

const QUESTIONS = [
  { id: "xiv", text: "¿Qué número es XIV?", choices: ["16", "14", "4"], correct: 1 },
  { id: "cuarenta", text: "¿Cómo se escribe 40 en números romanos?", choices: ["XXXX", "LX", "XL"], correct: 2 },
  { id: "mcm", text: "¿Qué número es MCM?", choices: ["1900", "2100", "1100"], correct: 0 },
] as const;

const questionHtml = QUESTIONS.map(
  (q, i) => `    <fieldset>
      <legend>${i + 1}. ${q.text}</legend>
${q.choices.map((c, j) => `      <label><input type="radio" name="${q.id}" value="${j}" required> ${c}</label>`).join("\n")}
    </fieldset>`,
).join("\n");

const INDEX_HTML = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${XAPI_TITLE}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<main>
  <h1>${XAPI_TITLE}</h1>
  <p id="launch-error" class="notice" role="alert" hidden></p>
  <p>Elige una respuesta en cada pregunta y pulsa <strong>Enviar respuestas</strong>. Necesitas 2 aciertos de 3.</p>
  <form id="quiz">
${questionHtml}
    <button type="submit">Enviar respuestas</button>
  </form>
  <p id="result" role="status"></p>
  <p id="sync" aria-live="polite"></p>
  <p id="resume" aria-live="polite"></p>
</main>
<script src="app.js"></script>
</body>
</html>
`;

const APP_JS = `"use strict";
(function () {
  var QUESTIONS = ${JSON.stringify(QUESTIONS)};
  var DEFAULT_ACTIVITY = ${JSON.stringify(XAPI_ACTIVITY_ID)};
  var STATE_ID = ${JSON.stringify(XAPI_STATE_ID)};
  var VERB = "http://adlnet.gov/expapi/verbs/";
  var params = new URLSearchParams(window.location.search);
  var launch = readLaunch();
  var activityId = (launch && launch.activityId) || DEFAULT_ACTIVITY;
  var sync = document.getElementById("sync");
  var pending = Promise.resolve();
  var saving = Promise.resolve();
  var sent = 0;
  var failed = 0;

  /* TinCan launch: ?endpoint=&auth=&actor={json}&registration=&activity_id= */
  function readLaunch() {
    var endpoint = params.get("endpoint");
    var auth = params.get("auth");
    var actorText = params.get("actor");
    if (!endpoint || !auth || !actorText) return null;
    var actor;
    try { actor = JSON.parse(actorText); } catch (e) { return null; }
    if (!actor || typeof actor !== "object") return null;
    /* TinCan launchers may send arrays in name/mbox/account; xAPI wants single values. */
    ["name", "mbox", "mbox_sha1sum", "openid"].forEach(function (k) { if (Array.isArray(actor[k])) actor[k] = actor[k][0]; });
    if (Array.isArray(actor.account)) actor.account = actor.account[0];
    if (actor.account && actor.account.accountServiceHomePage && !actor.account.homePage) {
      actor.account = { homePage: actor.account.accountServiceHomePage, name: actor.account.accountName };
    }
    return {
      endpoint: endpoint.charAt(endpoint.length - 1) === "/" ? endpoint : endpoint + "/",
      auth: auth,
      actor: actor,
      registration: params.get("registration") || null,
      activityId: params.get("activity_id") || null
    };
  }

  function uuid() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (Number(c) ^ (window.crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (Number(c) / 4)))).toString(16);
    });
  }

  function statement(verb, display, object, result, parent) {
    var s = {
      id: uuid(),
      actor: launch.actor,
      verb: { id: VERB + verb, display: { "es-ES": display, "en-US": verb } },
      object: object,
      timestamp: new Date().toISOString()
    };
    var context = {};
    if (launch.registration) context.registration = launch.registration;
    if (parent) context.contextActivities = { parent: [{ id: activityId, objectType: "Activity" }] };
    if (Object.keys(context).length > 0) s.context = context;
    if (result) s.result = result;
    return s;
  }

  function course() {
    return { objectType: "Activity", id: activityId, definition: { type: "http://adlnet.gov/expapi/activities/course", name: { "es-ES": document.title } } };
  }

  function question(q) {
    return {
      objectType: "Activity",
      id: activityId + "/preguntas/" + q.id,
      definition: {
        type: "http://adlnet.gov/expapi/activities/cmi.interaction",
        name: { "es-ES": q.text },
        interactionType: "choice",
        correctResponsesPattern: [String(q.correct)],
        choices: q.choices.map(function (c, i) { return { id: String(i), description: { "es-ES": c } }; })
      }
    };
  }

  /* One request at a time, in order; a single statement or an array. */
  function send(body) {
    if (!launch) return;
    pending = pending.then(function () {
      return fetch(launch.endpoint + "statements", {
        method: "POST",
        headers: { "Authorization": launch.auth, "X-Experience-API-Version": "1.0.3", "Content-Type": "application/json" },
        body: JSON.stringify(body)
      }).then(function (res) {
        if (!res.ok) throw new Error("HTTP " + res.status);
        sent += Array.isArray(body) ? body.length : 1;
      }).catch(function () {
        failed += 1;
      }).then(function () {
        sync.textContent = failed > 0
          ? "No se han podido guardar todos tus resultados (" + failed + " envíos fallidos)."
          : "Resultados guardados (" + sent + " registros).";
      });
    });
  }

  /* The State resource: the answers chosen so far, kept per activity, learner and registration. */
  function stateUrl() {
    var query = new URLSearchParams({ stateId: STATE_ID, activityId: activityId, agent: JSON.stringify(launch.actor) });
    if (launch.registration) query.set("registration", launch.registration);
    return launch.endpoint + "activities/state?" + query.toString();
  }

  function chosenAnswers() {
    var answers = {};
    QUESTIONS.forEach(function (q) {
      var chosen = document.querySelector('input[name="' + q.id + '"]:checked');
      if (chosen) answers[q.id] = chosen.value;
    });
    return answers;
  }

  function saveState() {
    var body = JSON.stringify({ answers: chosenAnswers() });
    saving = saving.then(function () {
      return fetch(stateUrl(), {
        method: "PUT",
        headers: { "Authorization": launch.auth, "X-Experience-API-Version": "1.0.3", "Content-Type": "application/json" },
        body: body
      }).catch(function () { /* the next change tries again */ });
    });
  }

  /* Resume: mark the answers of an earlier launch (a first launch has no state: 404). */
  function restoreState() {
    return fetch(stateUrl(), { headers: { "Authorization": launch.auth, "X-Experience-API-Version": "1.0.3" } }).then(function (res) {
      return res.ok ? res.json() : null;
    }).then(function (state) {
      var answers = state && typeof state.answers === "object" && state.answers ? state.answers : {};
      var restored = 0;
      QUESTIONS.forEach(function (q) {
        var options = Array.prototype.slice.call(document.querySelectorAll('input[name="' + q.id + '"]'));
        /* A question answered in this launch before the state arrived keeps the new answer. */
        if (options.some(function (i) { return i.checked; })) return;
        var input = options.filter(function (i) { return i.value === String(answers[q.id]); })[0];
        if (input) { input.checked = true; restored++; }
      });
      if (restored > 0) document.getElementById("resume").textContent = "Hemos recuperado las respuestas que elegiste la última vez.";
    }).catch(function () { /* nothing to resume */ });
  }

  if (!launch) {
    var error = document.getElementById("launch-error");
    error.textContent = "Faltan los parámetros de lanzamiento (endpoint, auth y actor): abre esta actividad desde la plataforma para que se guarden tus resultados. Puedes practicar igualmente.";
    error.hidden = false;
  } else {
    send(statement("initialized", "inició", course(), null, false));
    restoreState();
    document.getElementById("quiz").addEventListener("change", saveState);
  }

  document.getElementById("quiz").addEventListener("submit", function (event) {
    event.preventDefault();
    var correct = 0;
    var answered = [];
    QUESTIONS.forEach(function (q) {
      var chosen = document.querySelector('input[name="' + q.id + '"]:checked');
      var response = chosen ? chosen.value : "";
      var success = response === String(q.correct);
      if (success) correct++;
      if (launch) answered.push(statement("answered", "respondió", question(q), { success: success, response: response }, true));
    });
    answered.forEach(send);
    var scaled = Math.round((correct / QUESTIONS.length) * 100) / 100;
    var passed = correct * 3 >= QUESTIONS.length * 2;
    if (launch) {
      var score = { scaled: scaled, raw: correct, min: 0, max: QUESTIONS.length };
      send([
        statement("completed", "completó", course(), { completion: true, score: score }, false),
        statement(passed ? "passed" : "failed", passed ? "superó" : "no superó", course(), { success: passed, score: score }, false)
      ]);
    }
    document.getElementById("result").textContent = "Has acertado " + correct + " de " + QUESTIONS.length + ". " +
      (passed ? "¡Reto superado!" : "Repasa las reglas de los números romanos y vuelve a intentarlo.");
  });
})();
`;

const STYLE_CSS = `:root { font-family: system-ui, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #242424; background: #fff; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; }
.notice { background: #fde7e9; border: 1px solid #b10e1c; padding: .5rem; border-radius: 4px; }
fieldset { border: 1px solid #d1d1d1; border-radius: 6px; margin: 0 0 1rem; padding: .5rem 1rem; }
legend { font-weight: 600; padding: 0 .25rem; }
label { display: block; padding: .2rem 0; }
button { font: inherit; padding: .4rem 1rem; border-radius: 4px; border: 0; background: #0f6cbd; color: #fff; cursor: pointer; }
:focus-visible { outline: 3px solid #242424; outline-offset: 2px; }
`;

export const XAPI_FILES = { "tincan.xml": TINCAN_XML, "index.html": INDEX_HTML, "app.js": APP_JS, "style.css": STYLE_CSS } as const;

/** The activity as an uploadable xAPI (TinCan) package (tincan.xml at the root). */
export function buildXapiPackage(): Uint8Array {
  return zipTexts(XAPI_FILES);
}
