import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import type { ShopItemView } from "../../../../contracts/gamification";
import { errorMessage } from "../../../ui/errors";
import { useNotify } from "../../../ui/toast";
import { useEquipItemMutation, useGetShopQuery, usePurchaseItemMutation } from "../gamificationApi";
import { useSectionStyles } from "./sectionStyles";

const useStyles = makeStyles({
  grid: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: tokens.spacingHorizontalM },
  item: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  swatch: { width: "40px", height: "40px", borderRadius: tokens.borderRadiusCircular, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
  name: { fontWeight: tokens.fontWeightSemibold },
  small: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", marginTop: "auto" },
});

function Item({ item, balance }: { item: ShopItemView; balance: number }) {
  const { t } = useTranslation("gamification");
  const styles = useStyles();
  const notify = useNotify();
  const [purchase, purchasing] = usePurchaseItemMutation();
  const [equip, equipping] = useEquipItemMutation();
  const short = !item.owned && balance < item.price;
  const buy = async () => {
    try {
      await purchase(item.id).unwrap();
      notify({ intent: "success", title: t("shop.bought", { name: item.name }) });
    } catch (error) {
      notify({ intent: "error", title: errorMessage(t, error) });
    }
  };
  const toggle = async () => {
    try {
      await equip({ kind: item.kind, itemId: item.equipped ? null : item.id }).unwrap();
    } catch (error) {
      notify({ intent: "error", title: errorMessage(t, error) });
    }
  };
  return (
    <li className={styles.item}>
      <span
        className={styles.swatch}
        style={item.kind === "avatar_frame" ? { border: `4px solid ${item.colour}`, boxSizing: "border-box" } : { backgroundColor: item.colour }}
        aria-hidden
      />
      <span className={styles.name}>{item.name}</span>
      <span className={styles.small}>{t(`shop.kinds.${item.kind}`)}</span>
      <span>{item.owned ? (item.equipped ? t("shop.equipped") : t("shop.owned")) : t("shop.price", { count: item.price })}</span>
      {short ? <span className={styles.small}>{t("shop.notEnough")}</span> : null}
      <span className={styles.actions}>
        {item.owned ? (
          <Button aria-label={t(item.equipped ? "shop.unequipItem" : "shop.equipItem", { name: item.name })} disabled={equipping.isLoading} onClick={() => void toggle()}>
            {t(item.equipped ? "shop.unequip" : "shop.equip")}
          </Button>
        ) : (
          <Button appearance="primary" aria-label={t("shop.buyItem", { name: item.name })} disabled={short || purchasing.isLoading} onClick={() => void buy()}>
            {t("shop.buy")}
          </Button>
        )}
      </span>
    </li>
  );
}

/** (5) The shop: avatar frames and themes bought with coins, then used or taken off. */
export function ShopSection() {
  const { t } = useTranslation("gamification");
  const section = useSectionStyles();
  const styles = useStyles();
  const { data: shop } = useGetShopQuery();
  return (
    <section className={section.section} aria-labelledby="gamification-shop">
      <h2 id="gamification-shop" className={section.heading}>
        {t("shop.heading")}
      </h2>
      {shop ? <p>{t("shop.balance", { count: shop.balance })}</p> : null}
      {shop && shop.items.length === 0 ? <p className={section.muted}>{t("shop.empty")}</p> : null}
      {shop && shop.items.length > 0 ? (
        <ul className={mergeClasses(section.list, styles.grid)}>
          {shop.items.map((item) => (
            <Item key={item.id} item={item} balance={shop.balance} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
