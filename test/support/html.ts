// What a page shows, without its scripts: the root loader's data (the page's
// dictionary, serialized into a script) would otherwise match any text.
export const shownHtml = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
