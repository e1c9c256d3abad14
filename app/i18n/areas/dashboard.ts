import { defineMessages } from "../define";

export const dashboard = defineMessages(
  {
    "dash.logout": "Logout",
    "dash.tabs": "Sections",
    "dash.tab.connect": "Connect",
    "dash.tab.clients": "Clients",
    "dash.tab.sync": "Sync",
    "dash.tab.calendar": "Calendar",
    "dash.tab.rules": "Rules",
    "dash.tab.settings": "Settings",
    "dash.emailFallback": "No e-mail",
  },
  {
    "dash.logout": "התנתקות",
    "dash.tabs": "אזורים",
    "dash.tab.connect": "חיבור",
    "dash.tab.clients": "לקוחות",
    "dash.tab.sync": "סנכרון",
    "dash.tab.calendar": "יומן",
    "dash.tab.rules": "כללים",
    "dash.tab.settings": "הגדרות",
    "dash.emailFallback": 'אין דוא"ל',
  },
);
