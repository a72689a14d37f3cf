import { Rating } from "ts-fsrs";
import { DESIRED_RETENTION, gradeOf, newCard, recallAt, review, reviewNeeded, REVIEW_BELOW } from "../../src/server/modules/learning/recall";

/*
 * Recall per knowledge component with FSRS (issue 15): grades from answers, the forgetting curve
 * (stability is the interval at which recall is 90%), 'review needed' below 0.7, and reviews moved
 * past the school's holidays.
 */

const DAY = 86_400_000;
const at = new Date("2027-01-11T09:00:00Z");
const plus = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

describe("grades", () => {
  it("right at once is Good, right with help or in part is Hard, wrong is Again", () => {
    expect(gradeOf({ fraction: 1, helped: false })).toBe(Rating.Good);
    expect(gradeOf({ fraction: 1, helped: true })).toBe(Rating.Hard);
    expect(gradeOf({ fraction: 0.6, helped: false })).toBe(Rating.Hard);
    expect(gradeOf({ fraction: 0.2, helped: false })).toBe(Rating.Again);
  });
});

describe("the forgetting curve", () => {
  it("knows nothing of a KC never practised, and asks no review for it", () => {
    const card = newCard(at);
    expect(recallAt(card, plus(at, 30))).toBe(0);
    expect(reviewNeeded(card, plus(at, 30))).toBe(false);
  });

  it("recalls a KC just answered right, forgets it over time, and is at 90% after `stability` days", () => {
    const card = review(newCard(at), Rating.Good, at);
    expect(card.state).toBe("review");
    expect(recallAt(card, at)).toBeCloseTo(1, 6);
    const days = [1, 3, 7, 14, 30, 90].map((d) => recallAt(card, plus(at, d)));
    for (let i = 1; i < days.length; i++) expect(days[i]).toBeLessThan(days[i - 1] as number);
    // Recall is read in whole days since the review: 90% falls between the days around `stability`.
    expect(recallAt(card, plus(at, Math.floor(card.stability)))).toBeGreaterThanOrEqual(DESIRED_RETENTION);
    expect(recallAt(card, plus(at, Math.ceil(card.stability)))).toBeLessThanOrEqual(DESIRED_RETENTION);
    // Its review is due when recall has fallen to about 90% (whole days).
    expect(new Date(card.due).getTime()).toBeGreaterThan(at.getTime());
    expect(recallAt(card, new Date(card.due))).toBeGreaterThan(0.85);
  });

  it("needs a review once predicted recall falls below 0.7, and not before", () => {
    const card = review(newCard(at), Rating.Good, at);
    let day = 0;
    while (recallAt(card, plus(at, day + 1)) >= REVIEW_BELOW) day++;
    expect(reviewNeeded(card, plus(at, day))).toBe(false);
    expect(reviewNeeded(card, plus(at, day + 1))).toBe(true);
    expect(day).toBeGreaterThan(0);
  });

  it("schedules a wrong answer sooner than a right one, and a right one after a right one later still", () => {
    const wrong = review(newCard(at), Rating.Again, at);
    const right = review(newCard(at), Rating.Good, at);
    expect(new Date(wrong.due).getTime()).toBeLessThan(new Date(right.due).getTime());
    const again = review(right, Rating.Good, new Date(right.due));
    expect(again.stability).toBeGreaterThan(right.stability);
    expect(again.reps).toBe(2);
  });
});

describe("holidays", () => {
  it("moves a review that falls on holidays to the first day after them", () => {
    const plain = review(newCard(at), Rating.Good, at);
    const dueDay = plain.due.slice(0, 10);
    const nextDay = plus(new Date(plain.due), 1).toISOString().slice(0, 10);
    const isHoliday = (d: Date) => [dueDay, nextDay].includes(d.toISOString().slice(0, 10));
    const moved = review(newCard(at), Rating.Good, at, isHoliday);
    expect(moved.due).toBe(plus(new Date(plain.due), 2).toISOString());
    expect(moved.stability).toBe(plain.stability);
  });
});
