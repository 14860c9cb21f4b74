/**
 * Course photos uploaded from the back office, through the shared upload pipeline
 * (app/media/image-upload.server.ts: streamed to a temporary file, type judged by
 * its bytes, rendered by sharp into DATA_DIR/img and served from /img/uploads/).
 * The result is the reference stored in `courses.image`.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { COURSE_IMAGE, courseImageHeight, uploadedImageRef, uploadedRenditions } from "~/domain/course-image.ts";
import { receiveUpload, renderUploadedImage, type RenderSpec } from "~/media/image-upload.server.ts";
import { uploadedImagesDir } from "./image-upload-route.ts";

export { ImageUploadError } from "~/media/image-upload.server.ts";

const COURSE_SPEC: RenderSpec = {
  minWidth: COURSE_IMAGE.minWidth,
  minHeight: COURSE_IMAGE.minHeight,
  // Never upscaled: at most the source's width, or its height's 3:2 equivalent.
  maxWidthFor: (width, height) => Math.min(COURSE_IMAGE.maxWidth, width, Math.floor((height * 3) / 2)),
  heightOf: courseImageHeight,
  renditions: (key, maxWidth) => uploadedRenditions({ key, maxWidth, color: "#000000" }),
  settings: COURSE_IMAGE,
};

/** The whole upload: receive, check, render; the temporary file is always removed. */
export async function uploadCourseImage(request: Request, dataDir: string): Promise<string> {
  const dir = uploadedImagesDir(dataDir);
  const { file } = await receiveUpload(request, path.join(dir, ".incoming"));
  try {
    return uploadedImageRef(await renderUploadedImage(file, dir, COURSE_SPEC));
  } finally {
    await rm(file, { force: true });
  }
}
