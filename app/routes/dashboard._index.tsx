import { PlaceholderTab } from "~/components/placeholder-tab";

export default function ConnectTab() {
  return <PlaceholderTab title="dash.tab.connect" />;
}
