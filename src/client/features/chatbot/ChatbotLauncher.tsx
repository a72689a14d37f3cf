import { Button, Tooltip } from "@fluentui/react-components";
import { BotSparkleRegular } from "@fluentui/react-icons";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { isChatHiddenOn } from "../../../contracts/chatbot-base";
import { useAppSelector } from "../../app/store";
import { selectCurrentUser } from "../auth/authSlice";

/*
 * The assistant's floating open button (issue 17; spec §2): for signed-in users with the chatbot
 * flag (the session's `chatbotEnabled` is the user's flag and the edition's switch together), not
 * on the pages the spec hides it on. The panel's code loads on the first click (or when the
 * pointer or the keyboard focus reaches the button), so no first load carries it.
 */

const loadPanel = () => import(/* webpackChunkName: "chatbot" */ "./ChatPanel");
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));

export function ChatbotLauncher() {
  const { t } = useTranslation("common");
  const user = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    // Back to the button that opened it.
    setTimeout(() => button.current?.focus(), 0);
  }, []);
  if (!user?.chatbotEnabled || isChatHiddenOn(pathname)) return null;
  return (
    <>
      {open ? null : (
        <Tooltip content={t("chatbot.open")} relationship="label">
          <Button
            ref={button}
            className="chatbot-launcher"
            shape="circular"
            size="large"
            appearance="primary"
            icon={<BotSparkleRegular />}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
            onPointerEnter={() => void loadPanel()}
            onFocus={() => void loadPanel()}
          />
        </Tooltip>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
