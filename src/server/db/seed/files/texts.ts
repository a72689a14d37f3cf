/* Bodies of the demo's text contents (plain text; blank lines separate paragraphs). */

/** CTTY_02 responsive text, Matemáticas 1º ESO, "Sistemas de numeración". */
export const NUMERATION_KEY_IDEAS = `Un sistema de numeración es un conjunto de símbolos y de reglas para escribir los números.

Nuestro sistema es decimal: con diez cifras (0, 1, 2, 3, 4, 5, 6, 7, 8 y 9) escribimos cualquier número, porque diez unidades de un orden forman una unidad del orden siguiente.

Además es posicional: el valor de cada cifra depende del lugar que ocupa. En 5.555 cada 5 vale distinto: 5.000, 500, 50 y 5.

La numeración romana, en cambio, es aditiva: cada letra vale siempre lo mismo (I = 1, V = 5, X = 10, L = 50, C = 100, D = 500, M = 1.000) y el número se obtiene sumando, o restando cuando un símbolo menor va delante de uno mayor: XIV = 10 + 4 = 14.

Para recordar:
- Unidad, decena, centena, unidad de millar, decena de millar, centena de millar, millón.
- Cada orden vale diez veces más que el de su derecha.
- El cero indica que falta un orden: 305 no tiene decenas.`;

/** CTTY_09 assignment, Matemáticas 1º ESO, "Operaciones con números naturales". */
export const OPERATIONS_ASSIGNMENT = `Tarea: problemas de la vida diaria con operaciones combinadas

Instrucciones:
1. Inventa un problema de la vida real (una compra, un viaje, un reparto...) que se resuelva con una expresión que tenga al menos tres operaciones distintas y un paréntesis.
2. Escribe la expresión y resuélvela paso a paso, indicando en cada paso qué operación haces y por qué va primero.
3. Comprueba el resultado con la calculadora y explica en una frase qué significa en el contexto del problema.
4. Intercambia tu problema con un compañero o compañera, resuelve el suyo y anota si coincidís.

Entrega: una foto o un documento con los dos problemas resueltos.

Criterios de evaluación:
- El problema es realista y se entiende (2 puntos).
- La expresión es correcta y respeta la jerarquía de las operaciones (4 puntos).
- La solución está explicada paso a paso (3 puntos).
- Has resuelto el problema de tu compañero (1 punto).`;
