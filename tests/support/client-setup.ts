import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import { releaseTabster } from "../../src/client/ui/tabsterHold";

// Fluent renders heavy style work in jsdom; on a busy 2-core machine the default 1 s for findBy*/waitFor is too short.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // Each test starts signed out, in the default language, with no remembered edition.
  window.localStorage.clear();
  jest.restoreAllMocks();
  // The app holds tabster for the page's life once a modal opened; a test's page is one test long.
  releaseTabster();
});
