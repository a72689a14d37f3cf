import { makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { ChatCard } from "../../../contracts/chatbot-base";
import { RouterLink } from "../../ui/RouterLink";
import { useGetToolCatalogueQuery } from "../ai-tools/aiToolsApi";
import { ToolsLoadError } from "../ai-tools/parts";
import { toolPaths } from "../ai-tools/toolLook";
import { ChatCards } from "./ChatCards";

const useStyles = makeStyles({
  view: { flexGrow: 1, overflowY: "auto", padding: tokens.spacingHorizontalM, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

/**
 * The Tutor AI tab bar's Tools tab, for teachers (ADR 0044): the AI teacher tools as the
 * assistant's tool cards (spec §2: title, description, icon, category; an unavailable one disabled
 * and not a link), opening the tool's form for the page's lesson when there is one; then the link
 * to the creation history.
 */
export function ChatToolsView({ lesson }: { lesson: { courseGuid: string; lessonGuid: string } | null }) {
  const styles = useStyles();
  const { t } = useTranslation("aiTools");
  const catalogue = useGetToolCatalogueQuery();
  if (!catalogue.data) {
    return (
      <div className={styles.view}>
        {catalogue.isError ? <ToolsLoadError context={t("catalogue.failed")} error={catalogue.error} onRetry={() => void catalogue.refetch()} /> : <Spinner size="small" label={t("loading")} />}
      </div>
    );
  }
  const cards: ChatCard[] = catalogue.data.tools.map((tool) => ({
    kind: "tool",
    tool: tool.tool,
    category: tool.category,
    available: tool.available,
    link: toolPaths.setup(tool.tool, lesson ?? undefined),
  }));
  return (
    <div className={styles.view}>
      <ChatCards cards={cards} />
      <RouterLink to={toolPaths.history}>{t("history.open")}</RouterLink>
    </div>
  );
}
