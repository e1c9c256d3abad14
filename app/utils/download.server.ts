// A file the browser saves (the data exports): no caching, a file name.

export function download(body: string, name: string, type: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
