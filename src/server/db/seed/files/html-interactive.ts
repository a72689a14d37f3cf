import { zipTexts } from "./zip";

/*
 * CTTY_08 HTML interactive: a Roman numeral converter in both directions. Self-contained (no
 * external resources), labelled form controls, results announced in a live region.
 */

const INDEX_HTML = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conversor de números romanos</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<main>
  <h1>Conversor de números romanos</h1>
  <p>Escribe un número y pulsa <strong>Convertir</strong> (o la tecla Intro). Verás cómo se forma paso a paso.</p>

  <form id="to-roman" class="card" novalidate>
    <h2>De nuestro sistema a romano</h2>
    <label for="arabic">Número entre 1 y 3999</label>
    <input id="arabic" name="arabic" type="number" inputmode="numeric" min="1" max="3999" required aria-describedby="arabic-help">
    <p id="arabic-help" class="help">Por ejemplo: 2026</p>
    <button type="submit">Convertir a romano</button>
    <output id="to-roman-result" for="arabic" aria-live="polite"></output>
  </form>

  <form id="to-arabic" class="card" novalidate>
    <h2>De romano a nuestro sistema</h2>
    <label for="roman">Número romano</label>
    <input id="roman" name="roman" type="text" autocomplete="off" spellcheck="false" required aria-describedby="roman-help">
    <p id="roman-help" class="help">Usa las letras I, V, X, L, C, D y M. Por ejemplo: MCMXCII</p>
    <button type="submit">Convertir a número</button>
    <output id="to-arabic-result" for="roman" aria-live="polite"></output>
  </form>
</main>
<script src="script.js"></script>
</body>
</html>
`;

const SCRIPT_JS = `"use strict";
(function () {
  var SYMBOLS = [
    [1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
    [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]
  ];

  /** The Roman numeral of n (1..3999) and the parts it is made of. */
  function toRoman(n) {
    var parts = [];
    var text = "";
    for (var i = 0; i < SYMBOLS.length; i++) {
      while (n >= SYMBOLS[i][0]) {
        n -= SYMBOLS[i][0];
        text += SYMBOLS[i][1];
        parts.push(SYMBOLS[i][1] + " = " + SYMBOLS[i][0]);
      }
    }
    return { text: text, parts: parts };
  }

  /** The value of a well-formed Roman numeral, or null (checked by writing it back). */
  function fromRoman(text) {
    var s = text.trim().toUpperCase();
    if (!/^[IVXLCDM]+$/.test(s)) return null;
    var total = 0;
    var rest = s;
    for (var i = 0; i < SYMBOLS.length; i++) {
      while (rest.indexOf(SYMBOLS[i][1]) === 0) {
        total += SYMBOLS[i][0];
        rest = rest.slice(SYMBOLS[i][1].length);
      }
    }
    if (rest.length > 0 || total < 1 || total > 3999 || toRoman(total).text !== s) return null;
    return total;
  }

  function show(output, input, ok, message) {
    output.textContent = message;
    output.className = ok ? "ok" : "error";
    input.setAttribute("aria-invalid", ok ? "false" : "true");
  }

  var toRomanForm = document.getElementById("to-roman");
  var arabic = document.getElementById("arabic");
  var toRomanResult = document.getElementById("to-roman-result");
  toRomanForm.addEventListener("submit", function (event) {
    event.preventDefault();
    var n = Number(arabic.value);
    if (!Number.isInteger(n) || n < 1 || n > 3999) {
      show(toRomanResult, arabic, false, "Escribe un número entero entre 1 y 3999.");
      arabic.focus();
      return;
    }
    var r = toRoman(n);
    show(toRomanResult, arabic, true, n + " se escribe " + r.text + " (" + r.parts.join(" + ") + ").");
  });

  var toArabicForm = document.getElementById("to-arabic");
  var roman = document.getElementById("roman");
  var toArabicResult = document.getElementById("to-arabic-result");
  toArabicForm.addEventListener("submit", function (event) {
    event.preventDefault();
    var value = fromRoman(roman.value);
    if (value === null) {
      show(toArabicResult, roman, false, "«" + roman.value.trim() + "» no es un número romano bien escrito. Recuerda: I, X, C y M se repiten como mucho tres veces; V, L y D no se repiten.");
      roman.focus();
      return;
    }
    show(toArabicResult, roman, true, roman.value.trim().toUpperCase() + " vale " + value + ".");
  });
})();
`;

const STYLE_CSS = `:root { color-scheme: light; font-family: system-ui, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #242424; background: #fafafa; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
.card { background: #fff; border: 1px solid #d1d1d1; border-radius: 8px; padding: 1rem; margin: 1rem 0; display: grid; gap: .4rem; }
label { font-weight: 600; }
input { font: inherit; padding: .4rem .5rem; border: 1px solid #616161; border-radius: 4px; max-width: 16rem; }
.help { margin: 0; color: #424242; font-size: .9rem; }
button { font: inherit; justify-self: start; padding: .4rem 1rem; border: 0; border-radius: 4px; background: #0f6cbd; color: #fff; cursor: pointer; }
button:hover { background: #115ea3; }
:focus-visible { outline: 3px solid #242424; outline-offset: 2px; }
output { min-height: 1.5em; font-weight: 600; }
output.ok { color: #0e700e; }
output.error { color: #b10e1c; }
`;

export const HTML_INTERACTIVE_FILES = { "index.html": INDEX_HTML, "script.js": SCRIPT_JS, "style.css": STYLE_CSS } as const;

/** The interactive as an uploadable zip (index.html at the root). */
export function buildHtmlInteractive(): Uint8Array {
  return zipTexts(HTML_INTERACTIVE_FILES);
}
