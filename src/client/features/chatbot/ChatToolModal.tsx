import { makeStyles, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../ui/ModalDialog";

const useStyles = makeStyles({
  frame: { display: "block", width: "100%", height: "calc(100vh - 120px)", border: 0, backgroundColor: tokens.colorNeutralBackground1 },
});

/**
 * Spec §2 "Full-screen modal showing an external chat-tool page in a frame" (ADR 0044): the
 * edition's own chat tool (ASSISTANT_CHAT_TOOLS), in a sandboxed frame on its own origin. It gets
 * the user's language and nothing else: no token, no name, no referrer.
 */
export function ChatToolModal({ tool, open, onClose }: { tool: { title: string; url: string }; open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation("chatbot");
  const src = new URL(tool.url);
  src.searchParams.set("lang", i18n.language.slice(0, 2));
  return (
    <ModalDialog open={open} onClose={onClose} size="all-screen" title={tool.title}>
      <iframe
        className={styles.frame}
        src={src.toString()}
        title={t("chatTool.frame", { title: tool.title })}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
        allow="clipboard-write"
      />
    </ModalDialog>
  );
}
