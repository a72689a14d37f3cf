import { Skeleton, SkeletonItem } from "@fluentui/react-components";
import { useCardStyles } from "./cardStyles";

/** Placeholder cards while a list loads; one accessible label for the whole grid. */
export function CardGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  const styles = useCardStyles();
  return (
    <div className={styles.grid} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} aria-hidden="true" className={styles.card}>
          <div className={styles.body}>
            <SkeletonItem shape="circle" size={40} />
            <SkeletonItem size={20} />
            <SkeletonItem size={12} />
            <SkeletonItem size={12} />
          </div>
        </Skeleton>
      ))}
    </div>
  );
}
