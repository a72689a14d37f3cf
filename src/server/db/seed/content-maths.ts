import type { PublicationSeed } from "./content-types";

/** Matemáticas 1º ESO: the usual sequence of a first-year secondary maths programme (LOMLOE). */
export const MATHS_1_ESO: PublicationSeed = {
  key: "matematicas-1-eso",
  edition: "aula",
  title: "Matemáticas 1º ESO",
  description: "Números, álgebra, geometría, funciones y estadística del primer curso de ESO, con problemas de la vida diaria.",
  access: "licensed",
  kind: "program",
  discipline: "math",
  year: { country: "ES", level: "secondary", order: 1 },
  units: [
    {
      title: "Números naturales",
      lessons: [
        { title: "Sistemas de numeración", summary: "Comparamos el sistema de numeración decimal, que es posicional, con sistemas aditivos como el romano. Aprendemos a leer y escribir números grandes, a descomponerlos en unidades, decenas, centenas y millares, y a reconocer el valor que toma cada cifra según el lugar que ocupa." },
        { title: "Operaciones con números naturales", summary: "Repasamos la suma, la resta, la multiplicación y la división exacta y entera, con sus propiedades conmutativa, asociativa y distributiva. Practicamos la jerarquía de las operaciones y el uso de paréntesis para resolver expresiones combinadas sin errores." },
        { title: "Potencias de números naturales", summary: "Una potencia es una multiplicación de factores iguales: la base se multiplica por sí misma tantas veces como indica el exponente. Estudiamos las potencias de base 10, el producto y el cociente de potencias de la misma base y la potencia de una potencia." },
        { title: "Raíz cuadrada", summary: "La raíz cuadrada es la operación inversa de elevar al cuadrado. Distinguimos los cuadrados perfectos, calculamos raíces exactas y aproximamos raíces enteras por defecto y por exceso, comprobando el resto." },
      ],
    },
    {
      title: "Divisibilidad",
      lessons: [
        { title: "Múltiplos y divisores", summary: "Un número es múltiplo de otro si lo contiene un número exacto de veces, y en ese caso el segundo es divisor del primero. Aprendemos a obtener los múltiplos de un número y a buscar todos sus divisores de forma ordenada." },
        { title: "Criterios de divisibilidad", summary: "Los criterios del 2, 3, 5, 9, 10 y 11 permiten saber si una división es exacta sin hacerla. Los aplicamos observando la última cifra, la suma de las cifras o la diferencia entre las cifras de lugar par e impar." },
        { title: "Números primos y compuestos", summary: "Un número primo solo tiene dos divisores: el 1 y él mismo. Usamos la criba de Eratóstenes para encontrar los primos menores que 100 y descomponemos números compuestos en producto de factores primos." },
        { title: "Máximo común divisor y mínimo común múltiplo", summary: "A partir de la descomposición factorial calculamos el m.c.d. (factores comunes con el menor exponente) y el m.c.m. (factores comunes y no comunes con el mayor exponente), y los usamos para resolver problemas de repartos y de coincidencias." },
      ],
    },
    {
      title: "Números enteros",
      lessons: [
        { title: "Los números enteros y la recta numérica", summary: "Los números negativos expresan cantidades por debajo de cero, como temperaturas, deudas o profundidades. Representamos los enteros en la recta numérica y reconocemos el opuesto de un número." },
        { title: "Valor absoluto y orden", summary: "El valor absoluto es la distancia de un número al cero. Comparamos y ordenamos números enteros: de dos negativos, es mayor el de menor valor absoluto." },
        { title: "Suma y resta de números enteros", summary: "Sumamos enteros del mismo signo sumando sus valores absolutos y, si son de distinto signo, restándolos y poniendo el signo del mayor. Restar es sumar el opuesto, y así eliminamos paréntesis en expresiones con varias operaciones." },
        { title: "Multiplicación y división de números enteros", summary: "Aplicamos la regla de los signos: el producto o el cociente de dos enteros del mismo signo es positivo, y de distinto signo, negativo. Resolvemos operaciones combinadas respetando la jerarquía." },
      ],
    },
    {
      title: "Fracciones",
      lessons: [
        { title: "Significado de las fracciones", summary: "Una fracción expresa partes de una unidad, un cociente entre dos números o un operador que actúa sobre una cantidad. Identificamos numerador y denominador y calculamos la fracción de un número." },
        { title: "Fracciones equivalentes", summary: "Dos fracciones son equivalentes si representan la misma cantidad, lo que se comprueba con los productos cruzados. Obtenemos fracciones equivalentes por amplificación y simplificación hasta llegar a la fracción irreducible." },
        { title: "Suma y resta de fracciones", summary: "Para sumar o restar fracciones de distinto denominador las reducimos antes a común denominador, usando el mínimo común múltiplo de los denominadores, y después operamos los numeradores." },
        { title: "Multiplicación y división de fracciones", summary: "Multiplicamos fracciones multiplicando numeradores y denominadores entre sí, y dividimos multiplicando por la fracción inversa. Aplicamos estas operaciones a problemas de la vida cotidiana." },
      ],
    },
    {
      title: "Números decimales",
      lessons: [
        { title: "Expresión decimal y orden", summary: "Los números decimales tienen una parte entera y una parte decimal formada por décimas, centésimas y milésimas. Los leemos, los escribimos, los representamos en la recta y los ordenamos comparando cifra a cifra." },
        { title: "Operaciones con números decimales", summary: "Sumamos y restamos alineando la coma, multiplicamos contando las cifras decimales de los factores y dividimos eliminando antes la coma del divisor. Estimamos resultados para comprobar que son razonables." },
        { title: "Aproximación y redondeo", summary: "Aproximamos decimales por truncamiento y por redondeo a la unidad, a la décima o a la centésima, y calculamos el error cometido. Elegimos la aproximación adecuada según el contexto del problema." },
        { title: "Fracciones y números decimales", summary: "Toda fracción puede escribirse como un número decimal dividiendo el numerador entre el denominador. Distinguimos decimales exactos y periódicos y pasamos de decimal exacto a fracción." },
      ],
    },
    {
      title: "Proporcionalidad",
      lessons: [
        { title: "Razón y proporción", summary: "Una razón compara dos cantidades mediante un cociente y una proporción es la igualdad entre dos razones. Usamos la propiedad fundamental de las proporciones para calcular el término desconocido." },
        { title: "Magnitudes directamente proporcionales", summary: "Dos magnitudes son directamente proporcionales si al multiplicar una por un número la otra queda multiplicada por el mismo número. Resolvemos problemas con tablas, con la constante de proporcionalidad y con la regla de tres directa." },
        { title: "Magnitudes inversamente proporcionales", summary: "En la proporcionalidad inversa, al multiplicar una magnitud por un número la otra queda dividida por ese mismo número, y su producto es constante. Lo aplicamos a problemas de velocidad y tiempo o de trabajadores y días." },
        { title: "Porcentajes", summary: "Un porcentaje es una razón con denominador 100. Calculamos porcentajes de una cantidad, aumentos y disminuciones porcentuales, descuentos e IVA, y relacionamos porcentajes, fracciones y decimales." },
      ],
    },
    {
      title: "Álgebra",
      lessons: [
        { title: "Del lenguaje verbal al algebraico", summary: "El álgebra usa letras para representar números desconocidos o cualquier número. Traducimos enunciados a expresiones algebraicas y calculamos su valor numérico sustituyendo las letras por números." },
        { title: "Monomios y operaciones", summary: "Un monomio tiene coeficiente, parte literal y grado. Sumamos y restamos monomios semejantes, multiplicamos y dividimos monomios y reducimos expresiones algebraicas sencillas." },
        { title: "Ecuaciones de primer grado", summary: "Una ecuación es una igualdad que solo se cumple para ciertos valores de la incógnita. Resolvemos ecuaciones de primer grado transponiendo términos, eliminando paréntesis y denominadores, y comprobamos la solución." },
        { title: "Problemas con ecuaciones", summary: "Seguimos un método para resolver problemas: leer y comprender el enunciado, elegir la incógnita, plantear la ecuación, resolverla e interpretar la solución en el contexto del problema." },
      ],
    },
    {
      title: "Geometría plana",
      lessons: [
        { title: "Rectas y ángulos", summary: "Estudiamos las posiciones relativas de las rectas en el plano, la mediatriz de un segmento y la bisectriz de un ángulo. Clasificamos ángulos, medimos con el transportador y operamos con medidas en el sistema sexagesimal." },
        { title: "Triángulos", summary: "Clasificamos los triángulos según sus lados y sus ángulos, comprobamos que sus ángulos suman 180° y trazamos sus rectas y puntos notables. Aplicamos el teorema de Pitágoras en triángulos rectángulos." },
        { title: "Cuadriláteros y polígonos regulares", summary: "Clasificamos los cuadriláteros en paralelogramos, trapecios y trapezoides, y estudiamos sus propiedades. En los polígonos regulares identificamos el centro, el radio y la apotema." },
        { title: "Perímetros y áreas", summary: "Calculamos perímetros y áreas de triángulos, cuadriláteros y polígonos regulares, así como la longitud de la circunferencia y el área del círculo usando el número π. Resolvemos problemas de figuras compuestas." },
      ],
    },
  ],
};
