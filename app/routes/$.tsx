// Any path no other route claims: a real 404 with the friendly page.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export { ErrorBoundary } from "~/root";
