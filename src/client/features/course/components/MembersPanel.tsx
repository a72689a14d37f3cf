import { Badge, Button, makeStyles, Skeleton, SkeletonItem, Text, tokens } from "@fluentui/react-components";
import { BotRegular, PersonDeleteRegular } from "@fluentui/react-icons";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CourseDetail, CourseMember } from "../../../../contracts/course-settings";
import { UserAvatar } from "../../../ui/Avatar";
import { errorMessage } from "../../../ui/errors";
import { ErrorState } from "../../../ui/States";
import { useGetCourseMembersQuery, useRemoveMemberMutation } from "../courseApi";
import { AddCoteacherForm } from "./AddCoteacherForm";
import { ConfirmDialog } from "./ConfirmDialog";
import { fullName } from "./format";
import { Panel } from "./Panel";

const useStyles = makeStyles({
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  groupTitle: { margin: 0 },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  member: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  who: { display: "flex", flexDirection: "column", flexGrow: 1, minWidth: 0 },
  email: { color: tokens.colorNeutralForeground2, overflowWrap: "anywhere" },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
  // Placeholders with the line heights of what replaces them (headings, names, e-mails, "no students").
  headingLine: { height: tokens.lineHeightBase400, width: "60%" },
  nameLine: { height: tokens.lineHeightBase300, width: "70%" },
  emailLine: { height: tokens.lineHeightBase200, width: "85%" },
  avatar: { flexShrink: 0 },
  /** The two groups, spaced as the panel spaces them. */
  groups: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

type Props = { course: CourseDetail; editing: boolean };

/** Who may remove whom: the teacher anyone but the class's creator, a co-teacher only students. */
export const canRemoveMember = (course: CourseDetail, member: CourseMember): boolean =>
  course.canManageTeachers ? !member.isOwner : course.canEdit && member.role === "student";

function MemberRow({ member, showEmail, onRemove }: { member: CourseMember; showEmail: boolean; onRemove?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(["course", "common"]);
  const name = fullName(member);
  return (
    <li className={styles.member}>
      <UserAvatar name={name} size={32} decorative />
      <div className={styles.who}>
        <span>
          <Text weight="semibold">{name}</Text>{" "}
          {member.role !== "student" ? (
            <Badge appearance="tint" color="brand" size="small">
              {t(`common:roles.${member.role}`)}
            </Badge>
          ) : null}
          {member.assistant ? (
            <Badge appearance="outline" color="informative" size="small" icon={<BotRegular />}>
              {t("members.assistant")}
            </Badge>
          ) : null}
        </span>
        {showEmail && member.email ? (
          <Text size={200} className={styles.email}>
            {member.email}
          </Text>
        ) : null}
      </div>
      {onRemove ? (
        <Button
          appearance="subtle"
          icon={<PersonDeleteRegular />}
          aria-label={t("members.remove", { name })}
          title={t("members.remove", { name })}
          onClick={onRemove}
        />
      ) : null}
    </li>
  );
}

/**
 * While the people load: the panel at the size it will have, from the class's own counts (rows of
 * the same height, with an e-mail line when the teacher sees e-mails), so the panels below it do
 * not move when the names arrive.
 */
export function MembersSkeleton({ teachers, students, withEmail }: { teachers: number; students: number; withEmail: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation("course");
  const rows = (count: number) => (
    <ul className={styles.list}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.member}>
          <SkeletonItem shape="circle" size={32} className={styles.avatar} />
          <div className={styles.who}>
            <SkeletonItem className={styles.nameLine} />
            {withEmail ? <SkeletonItem className={styles.emailLine} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
  return (
    <div role="status" aria-label={t("members.loading")} data-members-skeleton={`${teachers}/${students}`}>
      <Skeleton aria-hidden="true" className={styles.groups}>
        <div className={styles.group}>
          <SkeletonItem className={styles.headingLine} />
          {rows(teachers)}
        </div>
        <div className={styles.group}>
          <SkeletonItem className={styles.headingLine} />
          {students > 0 ? rows(students) : <SkeletonItem className={styles.nameLine} />}
        </div>
      </Skeleton>
    </div>
  );
}

/** The class's people: teachers and co-teachers, then students; the teacher manages co-teachers here. */
export function MembersPanel({ course, editing }: Props) {
  const styles = useStyles();
  const { t } = useTranslation(["course", "errors"]);
  const { data: loaded, isLoading, isError, refetch } = useGetCourseMembersQuery(course.guid);
  // The rows (an avatar each) render in a background pass that yields to the browser.
  const data = useDeferredValue(loaded);
  const [remove, removing] = useRemoveMemberMutation();
  const [leaving, setLeaving] = useState<CourseMember>();

  const confirmRemove = async () => {
    if (!leaving) return;
    const result = await remove({ guid: course.guid, userGuid: leaving.guid });
    if (!("error" in result)) setLeaving(undefined);
  };

  let content;
  if (isLoading || (loaded && !data)) {
    content = <MembersSkeleton teachers={course.teacherCount} students={course.studentCount} withEmail={editing} />;
  } else if (isError || !data) {
    content = <ErrorState onRetry={() => void refetch()} />;
  } else {
    const staff = data.items.filter((m) => m.role !== "student");
    const students = data.items.filter((m) => m.role === "student");
    const row = (member: CourseMember) => (
      <MemberRow
        key={member.guid}
        member={member}
        showEmail={editing}
        onRemove={editing && canRemoveMember(course, member) ? () => setLeaving(member) : undefined}
      />
    );
    content = (
      <>
        <div className={styles.group}>
          <Text as="h3" size={400} weight="semibold" className={styles.groupTitle}>
            {t("members.teachers", { count: staff.length })}
          </Text>
          <ul className={styles.list}>{staff.map(row)}</ul>
        </div>
        <div className={styles.group}>
          <Text as="h3" size={400} weight="semibold" className={styles.groupTitle}>
            {t("members.students", { count: students.length })}
          </Text>
          {students.some((m) => m.assistant !== null) ? (
            <Text as="p" size={200} className={styles.muted}>
              {t("members.assistantSummary", { count: students.filter((m) => m.assistant).length, total: students.length })}
            </Text>
          ) : null}
          {students.length > 0 ? (
            <ul className={styles.list}>{students.map(row)}</ul>
          ) : (
            <Text as="p" className={styles.muted}>
              {t(editing ? "members.noStudentsTeacher" : "members.noStudents")}
            </Text>
          )}
        </div>
      </>
    );
  }

  return (
    <Panel title={t("members.title", { count: data?.items.length ?? course.studentCount + course.teacherCount })}>
      {content}
      {editing && course.canManageTeachers ? <AddCoteacherForm courseGuid={course.guid} /> : null}
      <ConfirmDialog
        open={leaving !== undefined}
        title={t("members.removeTitle", { name: leaving ? fullName(leaving) : "" })}
        body={t(leaving?.role === "student" ? "members.removeStudentBody" : "members.removeTeacherBody")}
        confirmLabel={t("members.removeConfirm")}
        busy={removing.isLoading}
        error={removing.error ? errorMessage(t, removing.error) : undefined}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          removing.reset();
          setLeaving(undefined);
        }}
      />
    </Panel>
  );
}
