import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ChatMultipleRegular } from "@fluentui/react-icons";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StreamComment, StreamPost } from "../../../../contracts/course-program";
import type { CourseDetail, StreamPermission } from "../../../../contracts/course-settings";
import { errorMessage } from "../../../ui/errors";
import { EmptyState, ErrorState } from "../../../ui/States";
import { BusyIndicator } from "../../../ui/BusyIndicator";
import {
  useCreateStreamCommentMutation,
  useCreateStreamPostMutation,
  useDeleteStreamCommentMutation,
  useDeleteStreamPostMutation,
  useGetStreamInfiniteQuery,
} from "../courseApi";
import { ConfirmDialog } from "./ConfirmDialog";
import { MessageForm } from "./MessageForm";
import { Panel } from "./Panel";
import { StreamPostItem } from "./StreamPostItem";

const useStyles = makeStyles({
  permission: { color: tokens.colorNeutralForeground2 },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  more: { alignSelf: "center" },
});

type Pending = { kind: "post"; post: StreamPost } | { kind: "comment"; post: StreamPost; comment: StreamComment };

/** What a student may do under each stream setting (spec §6): what "view as student" shows a teacher. */
const STUDENT_RIGHTS: Record<StreamPermission, { canPost: boolean; canComment: boolean }> = {
  teacher_only: { canPost: false, canComment: false },
  students_comment: { canPost: false, canComment: true },
  students_post: { canPost: true, canComment: true },
};

/** Pages fetched at different times can overlap after a new post shifted the offsets. */
function uniquePosts(pages: ReadonlyArray<{ items: StreamPost[] }>): StreamPost[] {
  const seen = new Set<string>();
  return pages.flatMap((p) => p.items).filter((post) => (seen.has(post.guid) ? false : (seen.add(post.guid), true)));
}

/** The class stream (spec §6): posts and comments, each allowed by the class's stream setting. */
export function StreamPanel({ course, studentView }: { course: CourseDetail; studentView: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(["course", "errors"]);
  const stream = useGetStreamInfiniteQuery(course.guid);
  const [createPost] = useCreateStreamPostMutation();
  const [createComment] = useCreateStreamCommentMutation();
  const [deletePost, deletingPost] = useDeleteStreamPostMutation();
  const [deleteComment, deletingComment] = useDeleteStreamCommentMutation();
  const [pending, setPending] = useState<Pending>();
  const [deleteError, setDeleteError] = useState<string>();

  // Up to a page of posts, each with its comment box: they render in a background pass that yields
  // to the browser (not in the store update's one long task); the loading state stays until then.
  const shown = useDeferredValue(stream.data);
  const first = shown?.pages[0];
  const permission = first?.permission ?? course.settings.streamPermission;
  // A teacher previewing as a student sees exactly a student's rights; everyone else, the server's answer.
  const preview = course.canEdit && studentView;
  const canPost = preview ? STUDENT_RIGHTS[permission].canPost : (first?.canPost ?? false);
  const canComment = preview ? STUDENT_RIGHTS[permission].canComment : (first?.canComment ?? false);
  const posts = uniquePosts(shown?.pages ?? []);

  const send = async (body: string) => {
    const result = await createPost({ guid: course.guid, body });
    return "error" in result ? errorMessage(t, result.error) : undefined;
  };
  const comment = (post: StreamPost) => async (body: string) => {
    const result = await createComment({ guid: course.guid, postGuid: post.guid, body });
    return "error" in result ? errorMessage(t, result.error) : undefined;
  };
  const confirmDelete = async () => {
    if (!pending) return;
    const result =
      pending.kind === "post"
        ? await deletePost({ guid: course.guid, postGuid: pending.post.guid })
        : await deleteComment({ guid: course.guid, postGuid: pending.post.guid, commentGuid: pending.comment.guid });
    if ("error" in result) setDeleteError(errorMessage(t, result.error));
    else setPending(undefined);
  };
  const askDelete = (next: Pending) => {
    setDeleteError(undefined);
    setPending(next);
  };

  let content;
  if (stream.isLoading || (stream.data && !shown)) {
    content = (
      <div role="status">
        <BusyIndicator label={t("stream.loading")} />
      </div>
    );
  } else if (stream.isError && !first) {
    content = <ErrorState message={errorMessage(t, stream.error)} onRetry={() => void stream.refetch()} />;
  } else if (posts.length === 0) {
    content = <EmptyState icon={<ChatMultipleRegular />} title={t("stream.empty.title")} body={t(canPost ? "stream.empty.canPost" : "stream.empty.body")} />;
  } else {
    content = (
      <ul className={styles.list} aria-label={t("stream.listLabel")}>
        {posts.map((post) => (
          <li key={post.guid}>
            <StreamPostItem
              post={post}
              onDeletePost={preview ? undefined : (p) => askDelete({ kind: "post", post: p })}
              onDeleteComment={preview ? undefined : (p, c) => askDelete({ kind: "comment", post: p, comment: c })}
              commentForm={
                canComment ? (
                  <MessageForm
                    rows={1}
                    compact
                    label={t("stream.commentLabel", { name: post.author.name })}
                    submitLabel={t("stream.comment")}
                    onSubmit={comment(post)}
                  />
                ) : null
              }
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Panel title={t("stream.title")}>
      <Text as="p" className={styles.permission}>
        {t(`stream.permission.${permission}`)}
      </Text>
      {canPost ? <MessageForm label={t("stream.composerLabel")} submitLabel={t("stream.post")} onSubmit={send} /> : null}
      {content}
      {stream.hasNextPage ? (
        <Button className={styles.more} onClick={() => void stream.fetchNextPage()} disabled={stream.isFetchingNextPage}>
          {t("stream.loadMore")}
        </Button>
      ) : null}
      <ConfirmDialog
        open={pending !== undefined}
        title={t(pending?.kind === "comment" ? "stream.deleteCommentTitle" : "stream.deletePostTitle")}
        body={t("stream.deleteBody")}
        confirmLabel={t("stream.deleteConfirm")}
        busy={deletingPost.isLoading || deletingComment.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(undefined)}
      />
    </Panel>
  );
}
