import { makeStyles, Toolbar, ToolbarButton, ToolbarDivider, ToolbarRadioButton, ToolbarRadioGroup, tokens, Tooltip } from "@fluentui/react-components";
import { ArrowUndo20Regular, Delete20Regular, Eraser20Regular, Pen20Regular } from "@fluentui/react-icons";
import { useTranslation } from "react-i18next";
import { PEN_COLORS, PEN_WIDTHS, type PenColor, type PenWidth, type Tool } from "./media-drawing";

/* The pencil question's tools: pen colour, stroke width, pen or eraser, undo and clear. Arrow keys move between them. */

const useStyles = makeStyles({
  toolbar: { flexWrap: "wrap", rowGap: tokens.spacingVerticalXS },
  swatch: {
    display: "inline-block",
    width: "18px",
    height: "18px",
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  line: { display: "inline-block", width: "18px", backgroundColor: tokens.colorNeutralForeground1, borderRadius: tokens.borderRadiusSmall },
});

const LINE_PX: Record<PenWidth, number> = { thin: 2, medium: 4, thick: 8 };

export type PencilTools = { color: PenColor; width: PenWidth; tool: Tool };

export function PencilToolbar(props: {
  label: string;
  tools: PencilTools;
  onTools: (tools: PencilTools) => void;
  canUndo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onClear: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const { tools, onTools } = props;
  return (
    <Toolbar
      aria-label={props.label}
      className={styles.toolbar}
      checkedValues={{ color: [tools.color], width: [tools.width], tool: [tools.tool] }}
      onCheckedValueChange={(_, { name, checkedItems }) => {
        const value = checkedItems[0];
        if (!value) return;
        if (name === "color") onTools({ ...tools, color: value as PenColor, tool: "pen" });
        else if (name === "width") onTools({ ...tools, width: value as PenWidth });
        else if (name === "tool") onTools({ ...tools, tool: value as Tool });
      }}
    >
      <ToolbarRadioGroup aria-label={t("media.pencil.tool")}>
        <ToolbarRadioButton name="tool" value="pen" icon={<Pen20Regular />}>
          {t("media.pencil.pen")}
        </ToolbarRadioButton>
        <ToolbarRadioButton name="tool" value="eraser" icon={<Eraser20Regular />}>
          {t("media.pencil.eraser")}
        </ToolbarRadioButton>
      </ToolbarRadioGroup>
      <ToolbarDivider />
      <ToolbarRadioGroup aria-label={t("media.pencil.color")}>
        {PEN_COLORS.map((c) => (
          <Tooltip key={c.id} content={t(`media.pencil.colors.${c.id}`)} relationship="label">
            <ToolbarRadioButton name="color" value={c.id} icon={<span className={styles.swatch} style={{ backgroundColor: c.value }} />} />
          </Tooltip>
        ))}
      </ToolbarRadioGroup>
      <ToolbarDivider />
      <ToolbarRadioGroup aria-label={t("media.pencil.width")}>
        {PEN_WIDTHS.map((w) => (
          <ToolbarRadioButton key={w.id} name="width" value={w.id} icon={<span className={styles.line} style={{ height: `${LINE_PX[w.id]}px` }} />}>
            {t(`media.pencil.widths.${w.id}`)}
          </ToolbarRadioButton>
        ))}
      </ToolbarRadioGroup>
      <ToolbarDivider />
      <ToolbarButton icon={<ArrowUndo20Regular />} disabled={!props.canUndo} onClick={props.onUndo}>
        {t("media.pencil.undo")}
      </ToolbarButton>
      <ToolbarButton icon={<Delete20Regular />} disabled={!props.canClear} onClick={props.onClear}>
        {t("media.pencil.clear")}
      </ToolbarButton>
    </Toolbar>
  );
}
