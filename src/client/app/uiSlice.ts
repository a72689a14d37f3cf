import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

/** Loading tasks: the splash screen shows while any is pending (spec §2). */
export type UiState = { loadingTasks: string[] };

const uiSlice = createSlice({
  name: "ui",
  initialState: (): UiState => ({ loadingTasks: [] }),
  reducers: {
    loadingStarted(state, action: PayloadAction<string>) {
      if (!state.loadingTasks.includes(action.payload)) state.loadingTasks.push(action.payload);
    },
    loadingFinished(state, action: PayloadAction<string>) {
      state.loadingTasks = state.loadingTasks.filter((t) => t !== action.payload);
    },
  },
});

export const { loadingStarted, loadingFinished } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
export const selectIsLoading = (s: { ui: UiState }): boolean => s.ui.loadingTasks.length > 0;
