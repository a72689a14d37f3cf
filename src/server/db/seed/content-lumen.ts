import type { PublicationSeed } from "./content-types";

/** Matemática 6º ano: four BNCC thematic units for the sixth year of Ensino Fundamental. */
export const MATEMATICA_6_ANO: PublicationSeed = {
  key: "matematica-6-ano",
  edition: "lumen",
  title: "Matemática 6º ano",
  description: "Números, geometria, grandezas e medidas, probabilidade e estatística segundo a BNCC.",
  access: "licensed",
  kind: "program",
  discipline: "math",
  year: { country: "BR", level: "secondary", order: 1 },
  units: [
    {
      title: "Números naturais e sistema de numeração decimal",
      lessons: [
        { title: "Sistema de numeração decimal", summary: "Estudamos as características do sistema de numeração decimal, que é posicional e de base dez, e o comparamos com os sistemas egípcio e romano. Lemos, escrevemos e decompomos números naturais de várias ordens e classes." },
        { title: "Operações com números naturais", summary: "Revisamos adição, subtração, multiplicação e divisão, suas propriedades e a relação entre elas. Resolvemos expressões numéricas respeitando a ordem das operações e o uso de parênteses." },
        { title: "Múltiplos, divisores e números primos", summary: "Identificamos múltiplos e divisores, aplicamos critérios de divisibilidade por 2, 3, 5 e 10 e reconhecemos números primos e compostos, decompondo-os em fatores primos." },
      ],
    },
    {
      title: "Frações e números decimais",
      lessons: [
        { title: "Frações: significados e equivalência", summary: "Uma fração representa partes de um todo, um quociente ou uma razão. Comparamos frações, encontramos frações equivalentes e simplificamos até a forma irredutível." },
        { title: "Operações com frações", summary: "Adicionamos e subtraímos frações com denominadores iguais e diferentes, usando o mínimo múltiplo comum, e calculamos a fração de uma quantidade em problemas do cotidiano." },
        { title: "Números decimais e porcentagem", summary: "Relacionamos frações decimais e números decimais, operamos com decimais no sistema monetário e calculamos porcentagens simples, como 10%, 25% e 50% de uma quantia." },
      ],
    },
    {
      title: "Geometria: figuras planas e espaciais",
      lessons: [
        { title: "Ponto, reta, plano e ângulos", summary: "Conhecemos as noções de ponto, reta, semirreta e segmento, as posições relativas entre retas e a medida de ângulos com o transferidor, classificando-os em agudos, retos e obtusos." },
        { title: "Polígonos e quadriláteros", summary: "Identificamos polígonos, seus lados, vértices e ângulos, classificamos triângulos e quadriláteros e construímos figuras com régua, esquadro e compasso." },
        { title: "Prismas e pirâmides", summary: "Reconhecemos prismas e pirâmides, contamos faces, vértices e arestas e relacionamos as figuras espaciais com suas planificações." },
      ],
    },
    {
      title: "Grandezas e medidas",
      lessons: [
        { title: "Medidas de comprimento e massa", summary: "Usamos o metro e o grama com seus múltiplos e submúltiplos, fazemos conversões entre unidades e resolvemos problemas que envolvem medições reais." },
        { title: "Perímetro e área", summary: "Calculamos o perímetro de polígonos e a área de retângulos e quadrados, percebendo que figuras com o mesmo perímetro podem ter áreas diferentes." },
        { title: "Volume e capacidade", summary: "Relacionamos volume e capacidade, calculamos o volume de blocos retangulares com cubos unitários e convertemos litros e mililitros." },
      ],
    },
  ],
};
