import { act, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router-dom";
import { sessionStarted } from "../../src/client/features/auth/authSlice";
import { ok } from "../support/client-api";
import { buildTestCourse, COURSE_GUID, LESSON_GUID } from "../support/lesson-data";
import { renderApp, signedInAs } from "../support/render";

// The sign-in page is the auth feature's; a stand-in shows where the guard sent the reader.
jest.mock(
  "../../src/client/features/auth/pages/LoginPage",
  () => ({
    LoginPage: function LoginStandIn() {
      const location = useLocation();
      return <h1>Sign-in stand-in from {JSON.stringify(location.state)}</h1>;
    },
  }),
  { virtual: true },
);

const noCourses = { "GET /api/front/courses": ok({ items: [], total: 0, offset: 0, pageSize: 100 }) };

describe("Route guards", () => {
  it("sends signed-out readers of a private page to sign in, remembering where they were going", async () => {
    const app = renderApp("/profile?tab=x#top");
    expect(await screen.findByRole("heading", { name: /Sign-in stand-in/ })).toBeInTheDocument();
    expect(app.location().pathname).toBe("/auth/login");
    expect(app.location().state).toEqual({ from: { pathname: "/profile", search: "?tab=x", hash: "#top" } });
  });

  it("sends signed-out readers of / to sign in by way of /home", async () => {
    const app = renderApp("/");
    await screen.findByRole("heading", { name: /Sign-in stand-in/ });
    expect(app.location().state).toEqual({ from: { pathname: "/home", search: "", hash: "" } });
  });

  it("sends signed-in readers of /auth/login home", async () => {
    const app = renderApp("/auth/login", { auth: signedInAs("teacher"), api: noCourses });
    await waitFor(() => expect(app.location().pathname).toBe("/home"));
    expect(screen.queryByRole("heading", { name: /Sign-in stand-in/ })).not.toBeInTheDocument();
  });

  it("sends a reader who just signed in back where the guard stopped them", async () => {
    const app = renderApp("/profile");
    await screen.findByRole("heading", { name: /Sign-in stand-in/ });
    act(() => {
      app.store.dispatch(sessionStarted({ token: "t", refreshToken: "r", expiresIn: 900, user: signedInAs("teacher").user }));
    });
    await waitFor(() => expect(app.location().pathname).toBe("/profile"));
  });

  describe("the question editor is for the roles that author", () => {
    const ASSESSMENT = "7c0e5a1b-2d3f-4a5b-8c6d-9e0f1a2b3c4d";
    const EDITOR = `/course/${COURSE_GUID}/lesson/${LESSON_GUID}/assessment/${ASSESSMENT}`;
    const course = (student: boolean) => ({
      [`GET /api/front/courses/${COURSE_GUID}`]: ok(buildTestCourse(student ? { myRole: "student", canEdit: false, canManageTeachers: false } : {})),
    });

    it.each([`${EDITOR}/new-question/QT_1`, `${EDITOR}/question/${ASSESSMENT}`])("a student at %s gets the not-found page, no editor", async (path) => {
      renderApp(path, { auth: signedInAs("student"), api: course(true) });
      expect(await screen.findByRole("heading", { name: "No encontramos esta página" }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: /Guardar/ })).not.toBeInTheDocument();
    });

    it("a teacher gets the new-question editor", async () => {
      renderApp(`${EDITOR}/new-question/QT_1`, { auth: signedInAs("teacher"), api: course(false) });
      expect(await screen.findByRole("heading", { name: /Nueva pregunta/ }, { timeout: 10_000 })).toBeInTheDocument();
    });
  });

  it("lets public pages render without a session", async () => {
    renderApp("/terms", { api: { "GET /api/languages/scopes/terms": ok({ scope: "terms", language: "es", value: "Condiciones." }) } });
    expect(await screen.findByText("Condiciones.")).toBeInTheDocument();
  });
});
