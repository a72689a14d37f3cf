import { useEdition } from "../../../app/publicData";

/** The edition's logo on the sign-in card; the shell already fetched the edition, so no new call. */
export function EditionLogo() {
  const { data: edition } = useEdition();
  if (!edition) return null;
  return <img className="auth-logo" src={edition.logoUrl} alt={edition.name} />;
}
