import "@testing-library/jest-dom";

afterEach(() => {
  // Each test starts signed out, in the default language, with no remembered edition.
  window.localStorage.clear();
  jest.restoreAllMocks();
});
