import {
  type EarningReason,
  type GamificationRules,
  type MedalCriterion,
  type MedalRule,
  type RewardReason,
} from "../../../contracts/gamification-base";
import { MASTERY_THRESHOLD } from "../learning/bkt";
import { DESIRED_RETENTION } from "../learning/recall";

/*
 * What earns what (issue 18, ADR 0046), as pure functions over an edition's rules. Learning is
 * rewarded, not activity: points come from mastery the learner model measured, a KC crossing the
 * mastery line, a review done when the forgetting curve said it was due, a task handed in on
 * time, a practice session completed. A question pays its "right" points once, the first time, at
 * the first try, and only while its KC is not yet mastered: repeating mastered or already-solved
 * items pays nothing, and a right answer after a wrong try (a guess among what is left) is not
 * "right" to the learner model either. Every award has a key; the ledger holds each key once.
 */

/** An award to write: `key` is unique per student in the ledger. */
export type Candidate = {
  key: string;
  reason: RewardReason;
  points: number;
  currency: number;
  /** The UTC day of the event (YYYY-MM-DD): the caps count it there. */
  day: string;
  kc?: string | null;
  medalId?: string | null;
  level?: number | null;
  note?: string | null;
};

/** One `kc_evidence` row: an answer as the learner model applied it to one KC. */
export type EvidenceFact = {
  id: number;
  kc: string;
  questionId: string;
  correct: boolean;
  knownBefore: number;
  knownAfter: number;
  /** 0 for a KC never practised before. */
  recallBefore: number;
  answeredAt: Date;
};

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

const medalCriterionReason: Partial<Record<MedalCriterion, RewardReason>> = {
  kcs_mastered: "kc_mastered",
  reviews_on_time: "review_on_time",
  tasks_on_time: "task_on_time",
  practice_sessions: "practice_completed",
};

/** The awards a batch of applied answers earns (before the ledger's keys and the caps). */
export function evidenceCandidates(rules: GamificationRules, facts: readonly EvidenceFact[]): Candidate[] {
  const out = new Map<string, Candidate>();
  const add = (c: Candidate) => {
    if (!out.has(c.key) && (c.points > 0 || c.currency > 0)) out.set(c.key, c);
  };
  for (const f of [...facts].sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime() || a.id - b.id)) {
    const day = utcDay(f.answeredAt);
    const wasMastered = f.knownBefore >= MASTERY_THRESHOLD;
    // The question solved at the first try, once ever, while one of its KCs was still being learnt.
    if (f.correct && !wasMastered) add({ key: `answer:${f.questionId}`, reason: "answer_right", points: rules.points.answer_right, currency: rules.currency.answer_right, day });
    // The mastery a right answer added (BKT already discounts a likely guess by its guess parameter).
    // A wrong answer pays nothing, even where BKT's learning step leaves the estimate a little higher.
    const gain = f.knownAfter - f.knownBefore;
    if (f.correct && gain > 0 && !wasMastered) {
      const points = Math.round(gain * rules.masteryGainScale) + rules.points.mastery_gain;
      add({ key: `gain:${f.id}`, reason: "mastery_gain", points, currency: rules.currency.mastery_gain, day, kc: f.kc });
    }
    if (!wasMastered && f.knownAfter >= MASTERY_THRESHOLD) add({ key: `mastered:${f.kc}`, reason: "kc_mastered", points: rules.points.kc_mastered, currency: rules.currency.kc_mastered, day, kc: f.kc });
    // Spaced practice: right when FSRS had it due (recall under the retention it schedules for), once per KC and day.
    if (f.correct && f.recallBefore > 0 && f.recallBefore < DESIRED_RETENTION) {
      add({ key: `review:${f.kc}:${day}`, reason: "review_on_time", points: rules.points.review_on_time, currency: rules.currency.review_on_time, day, kc: f.kc });
    }
  }
  return [...out.values()];
}

export const taskCandidate = (rules: GamificationRules, jobId: string, at: Date): Candidate => ({
  key: `task:${jobId}`,
  reason: "task_on_time",
  points: rules.points.task_on_time,
  currency: rules.currency.task_on_time,
  day: utcDay(at),
});

export const practiceCandidate = (rules: GamificationRules, sessionId: string, at: Date): Candidate => ({
  key: `practice:${sessionId}`,
  reason: "practice_completed",
  points: rules.points.practice_completed,
  currency: rules.currency.practice_completed,
  day: utcDay(at),
});

const isEarning = (reason: RewardReason): reason is EarningReason =>
  reason === "answer_right" || reason === "mastery_gain" || reason === "kc_mastered" || reason === "review_on_time" || reason === "task_on_time" || reason === "practice_completed";

/**
 * The daily caps: `earned` holds the points already paid per `reason|day`. What is over the cap is
 * not paid (an award over it entirely is kept with 0 points and 0 currency, marked capped, so that
 * it still counts for medals and is never paid by a replay either).
 */
export function applyCaps(rules: GamificationRules, candidates: readonly Candidate[], earned: Map<string, number>): Array<Candidate & { capped: boolean }> {
  return candidates.map((c) => {
    if (!isEarning(c.reason)) return { ...c, capped: false };
    const slot = `${c.reason}|${c.day}`;
    const room = Math.max(0, rules.dailyCaps[c.reason] - (earned.get(slot) ?? 0));
    const points = Math.min(c.points, room);
    earned.set(slot, (earned.get(slot) ?? 0) + points);
    if (points < c.points) return { ...c, points, currency: points === 0 ? 0 : c.currency, capped: true };
    return { ...c, capped: false };
  });
}

/** The levels above `fromLevel` that `points` reach, lowest first. */
export function levelsCrossed(rules: GamificationRules, fromLevel: number, points: number): number[] {
  return rules.levels
    .filter((l) => l.order > fromLevel && l.threshold <= points)
    .map((l) => l.order)
    .sort((a, b) => a - b);
}

/** The automatic medals now earned: criteria met (counts per reason in the ledger, or the level) and not yet owned. */
export function medalsEarned(rules: GamificationRules, counts: ReadonlyMap<RewardReason, number>, level: number, owned: ReadonlySet<string>): MedalRule[] {
  return rules.medals.filter((m) => {
    if (m.criterion === "manual" || owned.has(m.id)) return false;
    if (m.criterion === "level") return level >= m.count;
    const reason = medalCriterionReason[m.criterion];
    return reason !== undefined && (counts.get(reason) ?? 0) >= m.count;
  });
}

/** How far a student is towards a medal (capped at its count). */
export function medalProgress(medal: MedalRule, counts: ReadonlyMap<RewardReason, number>, level: number, given: number): number {
  if (medal.criterion === "manual") return given;
  if (medal.criterion === "level") return Math.min(level, medal.count);
  const reason = medalCriterionReason[medal.criterion];
  return Math.min(reason ? (counts.get(reason) ?? 0) : 0, medal.count);
}

const t = (es: string, ca: string, eu: string, en: string, pt: string) => ({ es, ca, eu, en, pt });

/** The rules of an edition that has not written its own (the seeded gamified edition writes these). */
export const DEFAULT_RULES: GamificationRules = {
  points: { answer_right: 10, mastery_gain: 0, kc_mastered: 100, review_on_time: 20, task_on_time: 30, practice_completed: 20 },
  currency: { answer_right: 0, mastery_gain: 0, kc_mastered: 5, review_on_time: 1, task_on_time: 2, practice_completed: 1 },
  dailyCaps: { answer_right: 150, mastery_gain: 300, kc_mastered: 1000, review_on_time: 200, task_on_time: 300, practice_completed: 60 },
  masteryGainScale: 100,
  levels: [0, 100, 250, 450, 700, 1000, 1400, 1900, 2500, 3200, 4000, 5000].map((threshold, i) => ({ order: i + 1, threshold })),
  medals: [
    {
      id: "first-mastery",
      criterion: "kcs_mastered",
      count: 1,
      imageUrl: "/gamification/medals/first-mastery.svg",
      name: t("Primera habilidad dominada", "Primera habilitat dominada", "Lehen trebetasun menderatua", "First skill mastered", "Primeira habilidade dominada"),
      description: t(
        "Domina una habilidad (95 % de dominio).",
        "Domina una habilitat (95 % de domini).",
        "Menderatu trebetasun bat (% 95eko menderatzea).",
        "Master one skill (95% mastery).",
        "Domine uma habilidade (95% de domínio).",
      ),
      points: 50,
      currency: 5,
    },
    {
      id: "five-masteries",
      criterion: "kcs_mastered",
      count: 5,
      imageUrl: "/gamification/medals/five-masteries.svg",
      name: t("Cinco habilidades", "Cinc habilitats", "Bost trebetasun", "Five skills", "Cinco habilidades"),
      description: t("Domina cinco habilidades.", "Domina cinc habilitats.", "Menderatu bost trebetasun.", "Master five skills.", "Domine cinco habilidades."),
      points: 100,
      currency: 10,
    },
    {
      id: "long-memory",
      criterion: "reviews_on_time",
      count: 5,
      imageUrl: "/gamification/medals/long-memory.svg",
      name: t("Memoria de largo plazo", "Memòria a llarg termini", "Epe luzeko memoria", "Long-term memory", "Memória de longo prazo"),
      description: t(
        "Repasa cinco veces una habilidad justo cuando tocaba.",
        "Repassa cinc vegades una habilitat just quan tocava.",
        "Errepasatu bost aldiz trebetasun bat tokatzen zenean.",
        "Review a skill right when it was due, five times.",
        "Revise uma habilidade bem na hora certa, cinco vezes.",
      ),
      points: 50,
      currency: 5,
    },
    {
      id: "on-time",
      criterion: "tasks_on_time",
      count: 3,
      imageUrl: "/gamification/medals/on-time.svg",
      name: t("Puntual", "Puntual", "Puntuala", "On time", "Pontual"),
      description: t(
        "Entrega tres tareas antes de la fecha límite.",
        "Lliura tres tasques abans de la data límit.",
        "Entregatu hiru zeregin epemuga baino lehen.",
        "Hand in three tasks before their due date.",
        "Entregue três tarefas antes do prazo.",
      ),
      points: 50,
      currency: 5,
    },
    {
      id: "practice-habit",
      criterion: "practice_sessions",
      count: 5,
      imageUrl: "/gamification/medals/practice-habit.svg",
      name: t("Hábito de práctica", "Hàbit de pràctica", "Praktika ohitura", "Practice habit", "Hábito de prática"),
      description: t("Completa cinco sesiones de práctica.", "Completa cinc sessions de pràctica.", "Osatu bost praktika saio.", "Complete five practice sessions.", "Conclua cinco sessões de prática."),
      points: 50,
      currency: 5,
    },
    {
      id: "level-5",
      criterion: "level",
      count: 5,
      imageUrl: "/gamification/medals/level-5.svg",
      name: t("Nivel 5", "Nivell 5", "5. maila", "Level 5", "Nível 5"),
      description: t("Llega al nivel 5.", "Arriba al nivell 5.", "Iritsi 5. mailara.", "Reach level 5.", "Chegue ao nível 5."),
      points: 0,
      currency: 10,
    },
    {
      id: "effort",
      criterion: "manual",
      count: 1,
      imageUrl: "/gamification/medals/effort.svg",
      name: t("Esfuerzo", "Esforç", "Ahalegina", "Effort", "Esforço"),
      description: t("Tu profesor reconoce tu esfuerzo.", "El teu professor reconeix el teu esforç.", "Irakasleak zure ahalegina aitortzen du.", "Your teacher recognises your effort.", "Seu professor reconhece seu esforço."),
      points: 25,
      currency: 3,
    },
    {
      id: "teamwork",
      criterion: "manual",
      count: 1,
      imageUrl: "/gamification/medals/teamwork.svg",
      name: t("Compañerismo", "Companyonia", "Laguntasuna", "Teamwork", "Companheirismo"),
      description: t("Has ayudado a tus compañeros.", "Has ajudat els teus companys.", "Zure kideei lagundu diezu.", "You helped your classmates.", "Você ajudou seus colegas."),
      points: 25,
      currency: 3,
    },
    {
      id: "curiosity",
      criterion: "manual",
      count: 1,
      imageUrl: "/gamification/medals/curiosity.svg",
      name: t("Curiosidad", "Curiositat", "Jakin-mina", "Curiosity", "Curiosidade"),
      description: t("Has hecho preguntas que nos hacen pensar.", "Has fet preguntes que ens fan pensar.", "Pentsarazten diguten galderak egin dituzu.", "You asked questions that make us think.", "Você fez perguntas que nos fazem pensar."),
      points: 25,
      currency: 3,
    },
  ],
  shop: [
    { id: "frame-ocean", kind: "avatar_frame", price: 15, colour: "#1565C0", name: t("Marco océano", "Marc oceà", "Ozeano markoa", "Ocean frame", "Moldura oceano") },
    { id: "frame-forest", kind: "avatar_frame", price: 20, colour: "#2E7D32", name: t("Marco bosque", "Marc bosc", "Baso markoa", "Forest frame", "Moldura floresta") },
    { id: "frame-sunset", kind: "avatar_frame", price: 25, colour: "#D84315", name: t("Marco atardecer", "Marc posta de sol", "Ilunabar markoa", "Sunset frame", "Moldura pôr do sol") },
    { id: "frame-gold", kind: "avatar_frame", price: 40, colour: "#8D6E00", name: t("Marco dorado", "Marc daurat", "Marko urrekara", "Gold frame", "Moldura dourada") },
    { id: "theme-lavender", kind: "theme", price: 30, colour: "#6A1B9A", name: t("Tema lavanda", "Tema lavanda", "Izpilikua gaia", "Lavender theme", "Tema lavanda") },
    { id: "theme-teal", kind: "theme", price: 30, colour: "#00695C", name: t("Tema turquesa", "Tema turquesa", "Turkesa gaia", "Teal theme", "Tema turquesa") },
  ],
};
