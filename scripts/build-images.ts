// Placeholder replaced by the image pipeline.
