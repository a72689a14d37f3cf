import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ContentDetail, ContentView, LessonItem } from "../../src/contracts/lessons";
import { ContentViewer } from "../../src/client/features/viewers/ContentViewer";
import { fail, ok } from "../support/client-api";
import { renderApp, renderWithProviders, signedInAs } from "../support/render";

// pdf.js does not run in jsdom: the viewer is replaced at its module boundary.
jest.mock("../../src/client/features/platform/PdfViewer", () => ({
  PdfViewer: (props: { url: string; title: string; allowDownload?: boolean; onLastPage?: () => void }) => (
    <div data-testid="pdf-viewer" data-url={props.url} data-download={String(props.allowDownload)}>
      <button type="button" onClick={props.onLastPage}>
        last page
      </button>
    </div>
  ),
}));

const COURSE = "6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const CONTENT = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const ITEM = "22222222-2222-4222-8222-222222222222";
const LESSON = "33333333-3333-4333-8333-333333333333";
const SLOW = { timeout: 5000 };

const emptyView: ContentView = {
  viewer: "unsupported",
  fileUrl: null,
  launchUrl: null,
  captionsUrl: null,
  captionsLanguage: null,
  url: null,
  body: null,
  alt: null,
  packageKind: null,
  entries: [],
};

function buildContent(view: Partial<ContentView>, overrides: Partial<ContentDetail> = {}): ContentDetail {
  return {
    guid: CONTENT,
    type: "CTTY_05",
    title: "Fracciones",
    description: "",
    fileName: "fracciones.pdf",
    mimeType: "application/pdf",
    sizeBytes: 2048,
    mine: true,
    ready: true,
    updatedAt: "2026-01-10T10:00:00.000Z",
    url: null,
    data: {},
    view: { ...emptyView, ...view },
    ...overrides,
  };
}

function show(content: ContentDetail, courseGuid = COURSE) {
  return renderWithProviders(<ContentViewer content={content} courseGuid={courseGuid} />, {
    language: "en",
    auth: signedInAs("student"),
    api: { "POST /api/consumptions": ok(null) },
  });
}

describe("ContentViewer", () => {
  it("shows a PDF with the platform viewer and records 'finished' on the last page", async () => {
    const user = userEvent.setup();
    const { api } = show(buildContent({ viewer: "pdf", fileUrl: "/content-files/g1/contents/1/f.pdf" }));
    const pdf = await screen.findByTestId("pdf-viewer", undefined, SLOW);
    expect(pdf).toHaveAttribute("data-url", "/content-files/g1/contents/1/f.pdf");
    await user.click(within(pdf).getByRole("button", { name: "last page" }));
    await user.click(within(pdf).getByRole("button", { name: "last page" }));
    await waitFor(() => expect(api.callsTo("POST /api/consumptions")).toHaveLength(1));
    expect(api.callsTo("POST /api/consumptions")[0]?.body).toEqual({ courseGuid: COURSE, contentGuid: CONTENT, event: "finished" });
  });

  it("plays a video with its captions track and lists the transcript cues", async () => {
    const user = userEvent.setup();
    const content = buildContent(
      { viewer: "video", fileUrl: "/content-files/g/v.mp4", captionsUrl: "/content-files/g/captions.vtt", captionsLanguage: "en" },
      { type: "CTTY_03", title: "Volcanoes", fileName: "v.mp4" },
    );
    const { api, container } = show(content);
    const video = await screen.findByLabelText("Volcanoes", { selector: "video" }, SLOW);
    expect(video).toHaveAttribute("controls");
    const track = container.querySelector("track");
    expect(track).toHaveAttribute("kind", "captions");
    expect(track).toHaveAttribute("srclang", "en");
    expect(track).toHaveAttribute("src", "/content-files/g/captions.vtt");
    expect(track).toHaveAttribute("default");

    // The mocked network answers JSON; the captions file is served as text here.
    const jsonFetch = globalThis.fetch;
    const vtt = "WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\n<v Ana>Lava is <b>hot</b>.\n\n00:01:05.500 --> 00:01:08.000\nMagma cools & hardens.\n";
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith("captions.vtt") ? new Response(vtt, { status: 200 }) : jsonFetch(input, init),
    ) as typeof fetch;
    await user.click(screen.getByRole("button", { name: "Show transcript" }));
    const list = await screen.findByRole("list", { name: "Transcript" });
    const cues = within(list).getAllByRole("button");
    expect(cues.map((c) => c.textContent)).toEqual(["0:01Lava is hot.", "1:05Magma cools & hardens."]);
    expect(screen.getByRole("button", { name: "Hide transcript" })).toHaveAttribute("aria-expanded", "true");
    // A cue moves the media there.
    await user.click(cues[1] as HTMLElement);
    expect((video as HTMLVideoElement).currentTime).toBeCloseTo(65.5);

    // Download offered (allowed by default), and the end of the media records 'finished'.
    expect(screen.getByRole("link", { name: "Download" })).toHaveAttribute("href", "/content-files/g/v.mp4");
    video.dispatchEvent(new Event("ended"));
    await waitFor(() => expect(api.callsTo("POST /api/consumptions")).toHaveLength(1));
  });

  it("plays audio without a transcript button when there are no captions, and hides the download when not allowed", async () => {
    renderWithProviders(
      <ContentViewer content={buildContent({ viewer: "audio", fileUrl: "/f/a.mp3" }, { title: "Song" })} courseGuid={COURSE} allowDownload={false} />,
      { language: "en", auth: signedInAs("student") },
    );
    expect(await screen.findByLabelText("Song", { selector: "audio" }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show transcript" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Download" })).not.toBeInTheDocument();
  });

  it("shows an image with its alternative text and a zoom toggle", async () => {
    const user = userEvent.setup();
    show(buildContent({ viewer: "image", fileUrl: "/f/map.png", alt: "Map of Europe" }, { title: "Map" }));
    const img = await screen.findByRole("img", { name: "Map of Europe" }, SLOW);
    expect(img).toHaveAttribute("src", "/f/map.png");
    const zoom = screen.getByRole("button", { name: "Zoom in" });
    expect(zoom).toHaveAttribute("aria-pressed", "false");
    await user.click(zoom);
    expect(screen.getByRole("button", { name: "Fit to screen" })).toHaveAttribute("aria-pressed", "true");
  });

  it("never frames a link: a card with its host that opens in a new tab", async () => {
    const { container } = show(buildContent({ viewer: "link", url: "https://www.example.org/volcanoes?x=1" }, { type: "CTTY_06" }));
    const open = await screen.findByRole("link", { name: "Open in a new tab" }, SLOW);
    expect(open).toHaveAttribute("href", "https://www.example.org/volcanoes?x=1");
    expect(open).toHaveAttribute("target", "_blank");
    expect(open).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("Link to www.example.org")).toBeInTheDocument();
    expect(container.querySelector("iframe")).toBeNull();
  });

  it("frames an interactive address with its own origin, and an uploaded HTML page without it", async () => {
    const { unmount } = show(buildContent({ viewer: "embed", url: "https://phet.example.org/sim" }, { title: "Simulation" }));
    const embed = await screen.findByTitle("Content: Simulation", undefined, SLOW);
    expect(embed.tagName).toBe("IFRAME");
    expect(embed.getAttribute("sandbox")?.split(" ")).toEqual(expect.arrayContaining(["allow-scripts", "allow-same-origin", "allow-popups", "allow-forms"]));
    expect(screen.getByRole("link", { name: "Open in a new tab" })).toHaveAttribute("rel", "noopener noreferrer");
    unmount();

    show(buildContent({ viewer: "html", launchUrl: "/content-package/abc/index.html" }, { title: "Page" }));
    const frame = await screen.findByTitle("Content: Page", undefined, SLOW);
    expect(frame).toHaveAttribute("src", "/content-package/abc/index.html");
    const tokens = frame.getAttribute("sandbox")?.split(" ") ?? [];
    expect(tokens).toEqual(expect.arrayContaining(["allow-scripts", "allow-forms", "allow-popups", "allow-modals", "allow-downloads"]));
    expect(tokens).not.toContain("allow-same-origin");
  });

  it("shows written text as plain paragraphs, never as HTML", async () => {
    const body = 'First <b>bold</b> line\nstill first\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { container } = show(buildContent({ viewer: "text", body }, { type: "CTTY_02" }));
    const first = await screen.findByText(/First <b>bold<\/b> line/, undefined, SLOW);
    expect(first.tagName).toBe("P");
    expect(first.textContent).toBe("First <b>bold</b> line\nstill first");
    expect(screen.getByText('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toBeInTheDocument();
    const region = container.querySelector("[data-viewer='text']") as HTMLElement;
    expect(region.querySelector("b, img, script")).toBeNull();
  });

  it("offers a download with the file's facts and a zip's entries", async () => {
    show(
      buildContent(
        { viewer: "download", fileUrl: "/f/pack.zip", entries: [{ path: "a/readme.txt", sizeBytes: 10 }, { path: "b.png", sizeBytes: 3000 }] },
        { type: "CTTY_12", fileName: "pack.zip", mimeType: "application/zip", sizeBytes: 5000 },
      ),
    );
    const link = await screen.findByRole("link", { name: "Download" }, SLOW);
    expect(link).toHaveAttribute("href", "/f/pack.zip");
    expect(screen.getByText("application/zip")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "2 files in the package" })).toBeInTheDocument();
    expect(screen.getByText(/a\/readme\.txt/)).toBeInTheDocument();
  });

  it.each([
    ["an unsupported type", buildContent({ viewer: "unsupported", fileUrl: "/f/x" })],
    ["a content that is not ready", buildContent({ viewer: "pdf", fileUrl: "/f/x.pdf" }, { ready: false })],
    ["a PDF without its file", buildContent({ viewer: "pdf", fileUrl: null })],
    ["a package without its entry page", buildContent({ viewer: "html", launchUrl: null })],
    ["an empty text", buildContent({ viewer: "text", body: "  " })],
  ])("says 'Content not available' for %s", async (_label, content) => {
    show(content);
    expect(await screen.findByRole("heading", { name: "Content not available" })).toBeInTheDocument();
    expect(screen.getByText("The content could not be loaded or is empty. Select another topic or write directly in the text field.")).toBeInTheDocument();
  });
});

describe("Viewer routes", () => {
  it("shows the content in the shell and records 'opened' for the class", async () => {
    const app = renderApp(`/viewer/${CONTENT}?course=${COURSE}`, {
      language: "en",
      auth: signedInAs("student"),
      api: {
        [`GET /api/front/contents/${CONTENT}`]: ok(buildContent({ viewer: "text", body: "Hello class" }, { title: "Welcome" })),
        "POST /api/consumptions": ok(null),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome" }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText("Hello class", undefined, SLOW)).toBeInTheDocument();
    expect(app.api.callsTo(`GET /api/front/contents/${CONTENT}`)[0]?.query.get("courseGuid")).toBe(COURSE);
    await waitFor(() => expect(app.api.callsTo("POST /api/consumptions")).toHaveLength(1));
    expect(app.api.callsTo("POST /api/consumptions")[0]?.body).toEqual({ courseGuid: COURSE, contentGuid: CONTENT, event: "opened" });
  });

  it("says the content might have been deleted on 410, and not available on 404", async () => {
    const deleted = renderApp(`/viewerfull/${CONTENT}`, {
      language: "en",
      auth: signedInAs("teacher"),
      api: { [`GET /api/front/contents/${CONTENT}`]: () => fail(410, "CONTENT_DELETED") },
    });
    expect(await screen.findByText("The content might have been deleted", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Close" })).toBeInTheDocument();
    // No class given: nothing is recorded.
    expect(deleted.api.callsTo("POST /api/consumptions")).toHaveLength(0);
    deleted.unmount();

    renderApp(`/viewer-v1/${CONTENT}`, {
      language: "en",
      auth: signedInAs("teacher"),
      api: { [`GET /api/front/contents/${CONTENT}`]: () => fail(404, "CONTENT_NOT_AVAILABLE") },
    });
    expect(await screen.findByText("Content not available", undefined, SLOW)).toBeInTheDocument();
  });
});

function lessonItem(overrides: Partial<LessonItem> = {}): LessonItem {
  const base = buildContent({});
  return {
    guid: ITEM,
    lessonItemGuid: ITEM,
    courseGuid: COURSE,
    lessonGuid: LESSON,
    title: "Read about fractions",
    position: 1,
    status: "published",
    publishAt: null,
    publishedAt: "2026-01-10T10:00:00.000Z",
    settings: { allowDownload: false },
    content: { guid: base.guid, type: base.type, title: base.title, description: "", fileName: null, mimeType: null, sizeBytes: null, mine: false, ready: true, updatedAt: base.updatedAt, deleted: false },
    consumption: { opened: false, finished: false },
    ...overrides,
  };
}

describe("Single activity", () => {
  it("shows the item's content full screen with a way back to its lesson", async () => {
    renderApp(`/single-activity/${COURSE}/${ITEM}/${CONTENT}`, {
      language: "en",
      auth: signedInAs("student"),
      api: {
        [`GET /api/front/lesson-items/${ITEM}`]: ok(lessonItem()),
        [`GET /api/front/contents/${CONTENT}`]: ok(buildContent({ viewer: "pdf", fileUrl: "/f/a.pdf" })),
        "POST /api/consumptions": ok(null),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Read about fractions" }, SLOW)).toBeInTheDocument();
    const pdf = await screen.findByTestId("pdf-viewer", undefined, SLOW);
    // The item does not allow downloads.
    expect(pdf).toHaveAttribute("data-download", "false");
    expect(screen.getByRole("link", { name: "Back to the lesson" })).toHaveAttribute("href", `/course/${COURSE}/lesson/${LESSON}`);
  });

  it("says 'Activity is no longer available' when the item holds another content or is gone", async () => {
    const other = lessonItem({ content: { ...lessonItem().content, guid: "44444444-4444-4444-8444-444444444444" } });
    const first = renderApp(`/single-activity/${COURSE}/${ITEM}/${CONTENT}`, {
      language: "en",
      auth: signedInAs("student"),
      api: { [`GET /api/front/lesson-items/${ITEM}`]: ok(other) },
    });
    expect(await screen.findByText("Activity is no longer available", undefined, SLOW)).toBeInTheDocument();
    expect(first.api.callsTo(`GET /api/front/contents/${CONTENT}`)).toHaveLength(0);
    first.unmount();

    renderApp(`/single-activity/${COURSE}/${ITEM}/${CONTENT}`, {
      language: "en",
      auth: signedInAs("student"),
      api: { [`GET /api/front/lesson-items/${ITEM}`]: () => fail(404, "NOT_FOUND") },
    });
    expect(await screen.findByText("Activity is no longer available", undefined, SLOW)).toBeInTheDocument();
  });
});

describe("xAPI and records", () => {
  const REFERENCE = "55555555-5555-4555-8555-555555555555";
  const xapiContent = () =>
    buildContent({ viewer: "xapi", launchUrl: "/content-package/g/index.html", packageKind: "xapi" }, { type: "CTTY_17", title: "Rocks" });

  it("launches an xAPI package in its sandbox and says where results go", async () => {
    const { api } = renderWithProviders(<ContentViewer content={xapiContent()} courseGuid={COURSE} />, {
      language: "en",
      auth: signedInAs("student"),
      api: {
        "POST /api/xapi/launch": ok({ launchUrl: "/content-package/g/index.html?endpoint=x&registration=r", registration: REFERENCE, expiresAt: "2026-02-03T12:00:00.000Z", preview: false }),
      },
    });
    const frame = await screen.findByTitle("Content: Rocks", undefined, SLOW);
    expect(frame).toHaveAttribute("src", "/content-package/g/index.html?endpoint=x&registration=r");
    expect(frame.getAttribute("sandbox")?.split(" ")).not.toContain("allow-same-origin");
    expect(screen.getByText("Results are recorded in the record store")).toBeInTheDocument();
    expect(api.callsTo("POST /api/xapi/launch")[0]?.body).toEqual({ courseGuid: COURSE, contentGuid: CONTENT });
  });

  it("tells a teacher that their launch is a preview that records nothing", async () => {
    renderWithProviders(<ContentViewer content={xapiContent()} courseGuid={COURSE} />, {
      language: "en",
      auth: signedInAs("teacher"),
      api: {
        "POST /api/xapi/launch": ok({ launchUrl: "/content-package/g/index.html?endpoint=p", registration: REFERENCE, expiresAt: "2026-02-03T12:00:00.000Z", preview: true }),
      },
    });
    expect(await screen.findByTitle("Content: Rocks", undefined, SLOW)).toHaveAttribute("src", "/content-package/g/index.html?endpoint=p");
    expect(screen.getByText("Preview: what you do in this activity is not recorded. Your students' results are.")).toBeInTheDocument();
    expect(screen.queryByText("Results are recorded in the record store")).not.toBeInTheDocument();
  });

  it("opens a content from a record with the learner's own results when they can be read", async () => {
    const me = signedInAs("student");
    const app = renderApp(`/single-activity/${COURSE}/record/${CONTENT}/${REFERENCE}`, {
      language: "en",
      auth: me,
      api: {
        [`GET /api/front/contents/${CONTENT}`]: ok(xapiContent()),
        "POST /api/xapi/launch": ok({ launchUrl: "/content-package/g/index.html", registration: REFERENCE, expiresAt: "2026-02-03T12:00:00.000Z", preview: false }),
        "POST /api/consumptions": ok(null),
        [`GET /api/front/results/xapi/${REFERENCE}/users/${me.user.guid}`]: ok({
          itemGuid: REFERENCE,
          courseGuid: COURSE,
          title: "Rocks",
          kind: "xapi",
          user: { guid: me.user.guid, name: "Ana García" },
          summary: {
            user: { guid: me.user.guid, name: "Ana García" },
            attempted: true,
            completion: "completed",
            success: "passed",
            scoreScaled: 0.5,
            scoreRaw: null,
            statements: 3,
            lastActivityAt: "2026-02-03T10:15:00.000Z",
          },
          interactions: [],
          statements: [],
        }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Rocks" }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Summary" }, SLOW)).toBeInTheDocument();
    expect(screen.getByText("50%")).toBeInTheDocument();
    expect(await screen.findByTitle("Content: Rocks", undefined, SLOW)).toBeInTheDocument();
    expect(app.api.callsTo(`GET /api/front/results/xapi/${REFERENCE}/users/${me.user.guid}`)).toHaveLength(1);
  });
});
