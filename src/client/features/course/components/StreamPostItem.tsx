import { Badge, Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { DeleteRegular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StreamComment, StreamPost } from "../../../../contracts/course-program";
import { UserAvatar } from "../../../ui/Avatar";
import { formatDateTime } from "./format";

const useStyles = makeStyles({
  post: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  byline: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  who: { display: "flex", flexDirection: "column", flexGrow: 1, minWidth: 0 },
  when: { color: tokens.colorNeutralForeground2 },
  // Plain text: line breaks as written, long words wrapped; never parsed as HTML.
  body: { margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
  comments: {
    listStyle: "none",
    margin: 0,
    padding: `0 0 0 ${tokens.spacingHorizontalXL}`,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
  },
  comment: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
});

type Author = StreamPost["author"];

function Byline({ author, createdAt, onDelete, deleteLabel, small = false }: {
  author: Author;
  createdAt: string;
  onDelete?: () => void;
  deleteLabel: string;
  small?: boolean;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(["course", "common"]);
  return (
    <div className={styles.byline}>
      <UserAvatar name={author.name} size={small ? 24 : 32} decorative />
      <div className={styles.who}>
        <span>
          <Text weight="semibold">{author.name}</Text>{" "}
          {author.role ? (
            <Badge appearance="tint" color={author.role === "student" ? "subtle" : "brand"} size="small">
              {t(`common:roles.${author.role}`)}
            </Badge>
          ) : null}
        </span>
        <Text size={200} className={styles.when}>
          <time dateTime={createdAt}>{formatDateTime(createdAt, i18n.language)}</time>
        </Text>
      </div>
      {onDelete ? <Button appearance="subtle" icon={<DeleteRegular />} aria-label={deleteLabel} title={deleteLabel} onClick={onDelete} /> : null}
    </div>
  );
}

export type StreamPostItemProps = {
  post: StreamPost;
  /** Omitted when delete buttons are hidden (student view). */
  onDeletePost?: (post: StreamPost) => void;
  onDeleteComment?: (post: StreamPost, comment: StreamComment) => void;
  /** The comment box, when the caller may comment. */
  commentForm?: ReactNode;
};

/** One stream post: who and when, the text, its comments and (when allowed) a comment box. */
export function StreamPostItem({ post, onDeletePost, onDeleteComment, commentForm }: StreamPostItemProps) {
  const styles = useStyles();
  const { t } = useTranslation("course");
  return (
    <article className={styles.post} aria-label={t("stream.postBy", { name: post.author.name })}>
      <Byline
        author={post.author}
        createdAt={post.createdAt}
        deleteLabel={t("stream.deletePost", { name: post.author.name })}
        onDelete={post.canDelete && onDeletePost ? () => onDeletePost(post) : undefined}
      />
      <Text as="p" className={styles.body}>
        {post.body}
      </Text>
      {post.comments.length > 0 ? (
        <ul className={styles.comments} aria-label={t("stream.comments", { count: post.comments.length })}>
          {post.comments.map((comment) => (
            <li key={comment.guid} className={styles.comment}>
              <Byline
                small
                author={comment.author}
                createdAt={comment.createdAt}
                deleteLabel={t("stream.deleteComment", { name: comment.author.name })}
                onDelete={comment.canDelete && onDeleteComment ? () => onDeleteComment(post, comment) : undefined}
              />
              <Text as="p" size={300} className={styles.body}>
                {comment.body}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
      {commentForm}
    </article>
  );
}
