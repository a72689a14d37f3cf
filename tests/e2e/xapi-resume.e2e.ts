import { expect, signIn, test } from "./fixtures";

/*
 * ADR 0017: the xAPI viewer resumes through the record store's State resource. The seeded xAPI
 * package PUTs the answers chosen as its state; reopening it reads the state back and marks them.
 */
const MATHS_A = "b10138c5-f372-5bb4-9d00-6e8fb20fcb88";
const FIRST_LESSON = "0b7d74d6-4675-5b79-a5cd-0804fec83983";
const XAPI_CONTENT = "23fd1ff9-ab83-5165-9fa5-a0367d73408f";

test("an xAPI package finds the answers of the learner's last launch when it is opened again", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "student1@demo.test");
  await page.goto(`/course/${MATHS_A}/lesson/${FIRST_LESSON}/content/${XAPI_CONTENT}`);
  const activity = page.frameLocator('iframe[title*="Reto: números romanos"]');
  await expect(activity.getByRole("heading", { name: "Reto: números romanos" })).toBeVisible({ timeout: 30_000 });

  // Two choices, so a state left by an earlier run of this test changes too; the second is kept.
  const saved = page.waitForResponse(
    (r) => r.url().includes("/api/lrs/activities/state") && r.request().method() === "PUT" && (r.request().postData() ?? "").includes('"cuarenta":"2"'),
  );
  await activity.getByLabel("LX", { exact: true }).check();
  await activity.getByLabel("XL", { exact: true }).check();
  expect((await saved).status()).toBe(204);

  // A new launch (a new credential, the same registration) reads the state back.
  await page.reload();
  const again = page.frameLocator('iframe[title*="Reto: números romanos"]');
  await expect(again.getByText("Hemos recuperado las respuestas que elegiste la última vez.")).toBeVisible({ timeout: 30_000 });
  await expect(again.getByLabel("XL", { exact: true })).toBeChecked();
  await expect(again.getByLabel("LX", { exact: true })).not.toBeChecked();
});
