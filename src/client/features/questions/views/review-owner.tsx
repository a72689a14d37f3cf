import { createContext, useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/*
 * Whose answer a review shows. A student reviewing their own attempt reads "Tu respuesta"; a
 * teacher reviewing a student's attempt reads "Respuesta del alumno". The results page says which
 * (AnswerOwnerProvider); every type's review view names the answer through useAnswerCaption.
 */

export type AnswerOwner = "self" | "student";

const AnswerOwnerContext = createContext<AnswerOwner>("self");

export function AnswerOwnerProvider({ owner, children }: { owner: AnswerOwner; children: ReactNode }) {
  return <AnswerOwnerContext.Provider value={owner}>{children}</AnswerOwnerContext.Provider>;
}

/** The caption of the answer under review: "Tu respuesta" or "Respuesta del alumno". */
export function useAnswerCaption(): string {
  const { t } = useTranslation("questions");
  return useContext(AnswerOwnerContext) === "self" ? t("review.yourAnswer") : t("review.studentAnswer");
}
