import {
  BoxRegular,
  ClipboardCheckmarkRegular,
  ClipboardTaskRegular,
  CodeRegular,
  CubeRegular,
  DocumentOnePageRegular,
  DocumentPdfRegular,
  DocumentRegular,
  DocumentTextRegular,
  FolderZipRegular,
  GlobeRegular,
  HatGraduationRegular,
  ImageRegular,
  LinkRegular,
  MusicNote2Regular,
  PhoneLaptopRegular,
  PuzzlePieceRegular,
  QuestionCircleRegular,
  VideoClipRegular,
  VideoRegular,
} from "@fluentui/react-icons";
import type { FluentIcon } from "@fluentui/react-icons";
import type { ContentTypeCode } from "../../../../contracts/lessons";

const ICONS: Record<ContentTypeCode, FluentIcon> = {
  CTTY_01: DocumentOnePageRegular,
  CTTY_02: PhoneLaptopRegular,
  CTTY_03: VideoRegular,
  CTTY_04: MusicNote2Regular,
  CTTY_05: DocumentPdfRegular,
  CTTY_06: LinkRegular,
  CTTY_07: ImageRegular,
  CTTY_08: CodeRegular,
  CTTY_09: ClipboardTaskRegular,
  CTTY_10: PuzzlePieceRegular,
  CTTY_11: DocumentRegular,
  CTTY_12: FolderZipRegular,
  CTTY_13: GlobeRegular,
  CTTY_14: CubeRegular,
  CTTY_15: BoxRegular,
  CTTY_16: HatGraduationRegular,
  CTTY_17: DocumentTextRegular,
  CTTY_18: ClipboardCheckmarkRegular,
  CTTY_19: QuestionCircleRegular,
  CTTY_20: VideoClipRegular,
};

/** The icon of a content type; decorative (the type's name is always written beside it). */
export function ContentTypeIcon({ type, className }: { type: ContentTypeCode; className?: string }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden="true" className={className} />;
}
