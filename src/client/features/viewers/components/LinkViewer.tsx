import { Button, Card, CardHeader, Text } from "@fluentui/react-components";
import { LinkRegular, OpenRegular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { hostOf } from "./frames";
import type { ViewerProps } from "./types";

/** A link is never framed (arbitrary sites refuse it and could misuse it): a card that opens it. */
export default function LinkViewer({ content, onFinished }: ViewerProps) {
  const { t } = useTranslation("viewer");
  const url = content.view.url ?? "";
  return (
    <Card>
      <CardHeader
        image={<LinkRegular fontSize={32} aria-hidden="true" />}
        header={
          <Text as="h2" weight="semibold" size={500}>
            {content.title}
          </Text>
        }
        description={<Text>{t("link.host", { host: hostOf(url) })}</Text>}
      />
      {content.description ? <Text as="p">{content.description}</Text> : null}
      <div>
        <Button as="a" appearance="primary" href={url} target="_blank" rel="noopener noreferrer" icon={<OpenRegular />} onClick={onFinished}>
          {t("openNewTab")}
        </Button>
      </div>
    </Card>
  );
}
