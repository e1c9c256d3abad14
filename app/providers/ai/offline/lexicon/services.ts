// Service words and phrases in five languages mapped to concepts, so that
// "colour", "צבע", "окрашивание" and a catalogue's "Full Color" meet on COLOR.
// Russian/German entries may be stems: matching accepts up to 3 extra letters.

export const CONCEPTS: Record<string, string[]> = {
  HAIRCUT: ["haircut", "hair cut", "cut", "cuts", "cutting", "haarschnitt", "schnitt", "schneiden", "תספורת", "תספורות",
    "להסתפר", "стрижк", "подстричь", "подстричься", "حلاقه", "قص", "قصه", "قص شعر"],
  BEARD: ["beard", "זקן", "бород", "لحيه", "ذقن", "bart"],
  SHAVE: ["shave", "shaving", "גילוח", "брить", "бритье", "rasur"],
  TRIM: ["trim", "trimming", "clip", "clipping", "clipped", "גזיזה", "גזיזת", "تشذيب", "stutzen"],
  SHAPE: ["shape", "shaping", "shape up", "line up", "lineup", "עיצוב", "оформление", "تحديد", "formen", "design"],
  COLOR: ["color", "colour", "coloring", "colouring", "dye", "tint", "צבע", "צביעה", "окрашивание", "покраск",
    "صبغه", "صبغ", "farbe", "farben", "farben", "farbung"],
  ROOT: ["root", "roots", "שורש", "שורשים", "корн", "جذور", "ansatz"],
  HIGHLIGHTS: ["highlight", "foils", "foil", "babylights", "גוונים", "גווני", "мелирование", "хайлайт", "هايلايت",
    "strahnen", "strahnchen"],
  BALAYAGE: ["balayage", "בלייאז'", "בליאז'", "балаяж", "بالياج"],
  BLOWDRY: ["blow dry", "blowdry", "blowout", "blow out", "פן", "укладк", "سشوار", "استشوار", "fohnen", "fohn", "fonen",
    "brushing"],
  KERATIN: ["keratin", "קרטין", "החלקה", "החלקת", "кератин", "كيراتين", "brazilian"],
  MANICURE: ["manicure", "mani", "מניקור", "маникюр", "مناكير", "منكير", "manikure"],
  PEDICURE: ["pedicure", "pedi", "פדיקור", "педикюр", "باديكير", "بدكير", "pedikure", "fusspflege"],
  GEL: ["gel", "shellac", "ג'ל", "гель", "جل", "جيل"],
  POLISH: ["polish", "לק", "лак", "лака", "лаком", "лаке", "طلاء", "lack", "nagellack"],
  NAIL: ["nail", "ציפורניים", "ציפורן", "ногт", "ногот", "اظافر", "nagel"],
  EXTENSION: ["extension", "full set", "acrylic", "בנייה", "בניית", "наращивание", "تركيب", "verlangerung"],
  FILL: ["infill", "fill", "refill", "מילוי", "коррекция", "تعبئه", "auffullen"],
  REMOVAL: ["removal", "remove", "take off", "soak off", "להוריד", "הורדת", "להסיר", "הסרה", "הסרת", "снятие", "снять", "ازاله", "entfernen", "entfernung"],
  MASSAGE: ["massage", "עיסוי", "массаж", "مساج", "تدليك"],
  SPORTS: ["sport", "ספורטאים", "ספורט", "спортивн", "رياضي"],
  PHYSIO: ["physio", "physiotherapy", "physical therapy", "pt", "פיזיותרפיה", "פיזיו", "физиотерап", "علاج طبيعي",
    "physiotherapie", "krankengymnastik"],
  ASSESSMENT: ["assessment", "evaluation", "eval", "initial", "first appointment", "first visit", "first session",
    "new patient", "הערכה", "ראשונית", "פגישה ראשונה", "אבחון", "осмотр", "تقييم", "befund", "erstbefund"],
  CONSULT: ["consultation", "consult", "ייעוץ", "התייעצות", "консультац", "استشاره", "beratung"],
  NEEDLING: ["needling", "dry needling", "דיקור", "иглоукалывание", "ابر", "dry needle"],
  FACIAL: ["facial", "face treatment", "טיפול פנים", "фейшл", "чистка лица", "تنظيف بشره", "gesichtsbehandlung"],
  FACE: ["face", "פנים", "лицо", "وجه", "gesicht"],
  LEGS: ["leg", "legs", "רגליים", "רגלים", "ног", "ноги", "ارجل", "beine"],
  UNDERARMS: ["underarm", "armpit", "בתי שחי", "подмышк", "ابط", "achseln"],
  LASER: ["laser", "לייזר", "лазер", "ليزر"],
  BROW: ["brow", "eyebrow", "גבות", "גבה", "бров", "حواجب", "augenbrauen", "brauen"],
  LASH: ["lash", "eyelash", "ריסים", "ресниц", "رموش", "wimpern"],
  LIFT: ["lift", "lifting", "הרמת", "הרמה", "лифтинг", "رفع"],
  LAMINATION: ["lamination", "laminating", "למינציה", "ламинирование", "لامينيشن"],
  WAX: ["wax", "waxing", "waxed", "שעווה", "воск", "واكس", "شمع"],
  THREADING: ["threading", "thread", "threaded", "חוט", "нить", "خيط", "fadentechnik"],
  MICROBLADING: ["microblading", "מיקרובליידינג", "микроблейдинг", "مايكروبليدنج"],
  MICRONEEDLING: ["microneedling", "מיקרונידלינג", "микронидлинг"],
  PEEL: ["peel", "peeling", "פילינג", "пилинг", "تقشير"],
  BOTOX: ["botox", "anti wrinkle", "בוטוקס", "ботокс", "بوتوكس"],
  FILLER: ["filler", "פילר", "филлер", "فيلر"],
  KIDS: ["kid", "child", "children", "childrens", "toddler", "junior", "ילדים", "ילד", "ילדה", "детск", "kinder",
    "kind", "اطفال"],
  WOMEN: ["women", "woman", "ladie", "lady", "female", "נשים", "אישה", "женск", "نسائي", "damen", "frauen"],
  MEN: ["men", "gent", "gentlemen", "male", "גברים", "גבר", "мужск", "رجالي", "herren", "manner"],
  SMALL: ["small", "little", "mini", "toy", "קטן", "קטנה", "маленьк", "мелк", "صغير", "klein", "kleiner"],
  MEDIUM: ["medium", "mid size", "midsize", "בינוני", "בינונית", "средн", "متوسط", "mittel", "mittelgross"],
  LARGE: ["large", "big", "giant", "xl", "גדול", "גדולה", "больш", "كبير", "gross", "grosser"],
  DOG: ["dog", "כלב", "כלבה", "собак", "كلب", "hund"],
  PUPPY: ["puppy", "puppie", "pup", "גור", "גורים", "щен", "جرو", "welpe"],
  GROOM: ["groom", "grooming", "טיפוח", "груминг", "trimmen"],
  BATH: ["bath", "wash", "bathing", "רחצה", "מקלחת", "мыть", "купание", "حمام", "baden"],
  BRUSH: ["brush", "brushing", "סירוק", "вычесыван", "تمشيط", "bursten"],
  DESHEDDING: ["de shedding", "deshedding", "shedding", "undercoat", "נשירה"],
  TEETH: ["teeth", "dental", "tooth", "שיניים", "зуб", "اسنان", "zahne"],
  STRIPPING: ["stripping", "hand strip", "hand stripping"],
  FOLLOWUP: ["follow up", "followup", "טיפול המשך", "מעקב", "повторн", "متابعه", "folgetermin", "nachkontrolle"],
  TELEHEALTH: ["telehealth", "video call", "video", "online", "virtual", "zoom", "אונליין", "זום", "онлайн", "عن بعد"],
  REHAB: ["rehab", "rehabilitation", "שיקום", "реабилит", "تاهيل", "reha"],
  HYDRO: ["hydrotherapy", "hydro", "הידרותרפיה", "гидротерап"],
  SHOCKWAVE: ["shockwave", "shock wave", "גלי הלם", "ударно", "stosswelle"],
  PILATES: ["pilates", "פילאטיס", "пилатес", "بيلاتس"],
  TAPING: ["taping", "tape", "kinesio", "קינזיו", "тейп", "تيب"],
  UPDO: ["updo", "up do", "hair up", "תסרוקת", "прическ", "تسريحه", "hochsteckfrisur"],
  TONER: ["toner", "טונר", "тонирование", "تونر"],
  BRIDAL: ["bridal", "bride", "כלה", "свадебн", "عروس", "braut"],
  TRIAL: ["trial", "ניסיון", "пробн", "تجربه", "probe"],
  FRINGE: ["fringe", "bangs", "פוני", "челк", "غره", "pony"],
  FULL: ["full", "מלא", "полн", "كامل", "komplett"],
  TREATMENT: ["treatment", "טיפול", "טיפולים", "процедур", "علاج", "behandlung"],
  SESSION: ["session", "appointment", "appt", "פגישה", "сеанс", "جلسه", "sitzung"],
  CLASSIC: ["classic", "regular", "standard", "basic", "signature", "קלאסי", "классическ", "كلاسيك", "klassisch"],
  HAIR: ["hair", "שיער", "волос", "شعر", "haar", "haare"],
  THERAPY: ["therapy", "терапия", "therapie"],
  COMBO: ["combo", "package", "חבילה", "комплекс", "باكج"],
};

/** Concepts that cannot name a service on their own and weigh less. */
export const WEAK = new Set(["FULL", "TREATMENT", "SESSION", "CLASSIC", "HAIR", "THERAPY", "DOG", "COMBO"]);

/** Who/what-kind words: tie-breakers between "Women's X"/"Men's X", dog sizes, kids. */
export const QUALIFIERS = new Set(["WOMEN", "MEN", "SMALL", "MEDIUM", "LARGE", "KIDS", "PUPPY"]);

/** Qualifiers that only count in the same clause (a daughter elsewhere does not make my cut a kids cut). */
export const LOCAL_ONLY = new Set(["KIDS", "PUPPY"]);

/** When the catalogue lacks a concept, the text concept may stand for a close one. */
export const FALLBACK: Record<string, string[]> = {
  TRIM: ["HAIRCUT"],
  GROOM: ["HAIRCUT"],
  HAIRCUT: ["GROOM"],
  SHAPE: ["TRIM"],
  BLOWDRY: ["UPDO"],
  HIGHLIGHTS: ["BALAYAGE"],
  BALAYAGE: ["HIGHLIGHTS"],
  PHYSIO: ["TREATMENT", "SESSION"],
  CONSULT: ["ASSESSMENT"],
  FACE: ["FACIAL"],
  NAIL: ["MANICURE"],
  GEL: ["POLISH"],
};

/** Extra cue words (not services) that hint at gender or dog size for tie-breaks. */
export const HINTS: Record<string, string[]> = {
  KIDS: ["son", "daughter", "boy", "little one", "kiddo", "הבן", "הבת", "בני", "בתי", "בת שלי", "בן שלי", "הקטן", "הקטנה", "ребенок", "ребёнок",
    "сын", "сына", "сыну", "дочк", "дочь", "ولادي", "ابني", "بنتي", "sohn", "tochter"],
  WOMEN: ["she", "her", "wife", "girlfriend", "mum", "mom", "mother", "sister", "אשתי", "אמא", "אחותי", "צריכה",
    "יכולה", "מעוניינת", "מגיעה", "רוצות", "מחפשת", "מוודאת", "בטוחה", "מאחרת", "жена", "мама", "frau"],
  MEN: ["he", "him", "husband", "boyfriend", "dad", "father", "brother", "bro", "mate", "dude", "sir", "yessir",
    "בעלי", "אבא", "אחי", "צריך", "יכול", "מעוניין", "מגיע", "מחפש", "муж", "папа", "mann", "herr"],
  SMALL: ["chihuahua", "yorkie", "yorkshire", "maltese", "pomeranian", "shih", "pug", "dachshund", "bichon",
    "papillon", "צ'יוואווה", "יורקשייר", "מלטז", "פומרניאן", "שיצו", "פינצ'ר"],
  MEDIUM: ["beagle", "cocker", "spaniel", "collie", "bulldog", "schnauzer", "ביגל", "קוקר", "בורדר"],
  LARGE: ["golden", "retriever", "labrador", "lab", "husky", "shepherd", "rottweiler", "doberman", "bernese",
    "newfoundland", "malamute", "samoyed", "גולדן", "לברדור", "האסקי", "רוטוויילר", "דוברמן"],
};

/** Catalogue words that never name a service. */
export const CATALOGUE_STOP_WORDS = [
  "the", "a", "an", "and", "with", "of", "for", "de", "la", "le", "mit", "und", "и", "с", "و", "ו", "plus", "n", "to",
  "in", "on", "min", "mins", "-",
];

/** Catalogue words too common to name a service alone ("Hot Towel Shave": "hot"). */
export const CATALOGUE_WEAK_WORDS = [
  "add", "new", "hot", "head", "half", "first", "post", "op", "up", "touch", "deep", "set", "patient", "care", "tidy",
  "express", "quick", "long", "short", "special", "luxury", "spa", "hand", "foot", "feet", "toe", "back", "neck", "body",
  "time", "tip", "style", "session", "service", "package", "only", "full", "clean", "cleaning", "repair", "design",
  "natural", "intro", "organic",
];

/** Little words allowed inside one service mention ("a cut and a colour", "my roots and some highlights"). */
export const FILLER_WORDS = [
  "and", "the", "a", "an", "my", "some", "of", "with", "plus", "n", "und", "и", "с", "ו", "و", "her", "his", "our",
  "your", "just", "also", "את", "של", "ein", "eine", "einen",
];

/** What joins the parts of a combined catalogue entry ("Cut + Beard", "Cut & Colour", "Cut and Blow-dry"). */
export const COMBO_JOINERS = { symbols: ["+", "&"], words: ["and", "und", "with"] };

/** A dog's weight tells its size ("20kg", "8 kilo"): units glued to the number, and as a word after it. */
export const WEIGHT_UNITS = { glued: ["kg", "кг"], words: ["kg", "kilo", "kilos", "кг", 'ק"ג'] };
