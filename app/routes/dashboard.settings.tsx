import { PlaceholderTab } from "~/components/placeholder-tab";

export default function Tab() {
  return <PlaceholderTab title="dash.tab.settings" />;
}
