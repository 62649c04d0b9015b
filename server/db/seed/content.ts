import type { Settings } from "../../domain/settings.ts";
import type { Motif, Theme } from "./art.ts";

/** The demo site's copy: an organisation that helps people be healthy, wealthy, educated and safe. */

export type ArtSpec = { theme: Theme; motif: Motif; sunOnTheRight?: boolean };

export type TextWidgetCopy = { name: string; html: string };
export type ImageWidgetCopy = {
  name: string;
  alt: string;
  width: number;
  height: number;
  art: ArtSpec;
};

export type EntryCopy = {
  title: string;
  slug: string;
  theme: Theme;
  daysAgo: number;
  article: string;
  /** Alt text of each gallery picture. */
  images: string[];
};

export const organisation: Settings = {
  name: "Almoner Foundation",
  phone: "+44 20 7946 0321",
  whatsapp: "+44 7700 900123",
  email: "hello@almoner.example.org",
  address: "Almoner Foundation\n14 Quayside Walk\nBristol BS1 4RN\nUnited Kingdom",
  donate_url: "https://donate.stripe.com/test_8wM5lq0Xa3bA9Gw288",
  social: {
    facebook: "https://www.facebook.com/almonerfoundation",
    instagram: "https://www.instagram.com/almonerfoundation",
    twitter: "https://twitter.com/almonerfdn",
  },
};

export const textWidgets: TextWidgetCopy[] = [
  {
    name: "HomeText",
    html: `<h2>Healthy, wealthy, educated and safe</h2>
<p>The Almoner Foundation works alongside families and neighbourhoods so that everyone has the chance to live a healthy life, earn a fair living, learn without limits and feel safe at home and on the street.</p>
<p>We fund practical, local projects that communities choose for themselves, and we stay with them for the long run. Every pound you give goes further because the people closest to a problem are the ones solving it.</p>`,
  },
  {
    name: "AboutText1",
    html: `<h2>Our story</h2>
<p>The Almoner Foundation began as a small fund set up by a group of friends who believed that generosity works best when it is patient, local and accountable. Today we support community partners in towns and villages across three continents.</p>
<p>Our name comes from the almoner, the person in a community trusted to share its gifts with those who needed them most. We try to earn that same trust every day.</p>`,
  },
  {
    name: "AboutText2",
    html: `<h2>What we do</h2>
<p>We focus on four things that shape a good life: <strong>health</strong>, <strong>financial security</strong>, <strong>education</strong> and <strong>safety</strong>. Each of our projects tackles at least one of them, and the best tackle several at once.</p>
<p>We listen first. Our partners are local organisations with deep roots, and we back their plans with funding, training and a network of volunteers who bring skills they have spent careers building.</p>`,
  },
  {
    name: "AboutText3",
    html: `<h2>How we work</h2>
<p>We publish what we spend and what it achieves. Every project reports twice a year on simple, honest measures agreed with the community it serves, and we share those reports in our news pages.</p>
<p>Our running costs are covered by a founding endowment, so your donations go to the projects themselves. If you would like to know more, we would love to hear from you.</p>`,
  },
  {
    name: "FoundersText1",
    html: `<h2>Why the foundation began</h2>
<p>The foundation was started by a retired community nurse who spent forty years visiting families in their homes. She saw again and again that illness, debt, missed schooling and fear tend to arrive together, and that help which addresses only one of them rarely lasts.</p>`,
  },
  {
    name: "Founder1Text",
    html: `<h2>Margaret Ellery</h2>
<p>Margaret trained as a nurse in Liverpool and went on to work in clinics in East Africa and South Asia before returning to run a district nursing team at home. On her retirement she put her savings, and the gifts of many grateful friends, into a fund for the neighbourhoods she had served.</p>
<p>"Charity should feel like a neighbour who turns up with soup and stays to fix the gate," she likes to say. She still chairs our board of trustees and visits every new project before it begins.</p>`,
  },
  {
    name: "ContactPage1",
    html: `<h2>Get in touch</h2>
<p>Whether you have a question about a project, want to volunteer, or are thinking about leaving a gift in your will, our small team is happy to help. We answer every message within two working days.</p>`,
  },
  {
    name: "ContactPage2",
    html: `<h2>Visiting us</h2>
<p>Our office is open Monday to Friday, 9am to 5pm. It is step-free, and a short walk from the railway station. If you would like to visit, please let us know in advance so that someone is free to welcome you.</p>`,
  },
  {
    name: "Cookies",
    html: `<p>This website uses a small number of cookies. A cookie is a small text file that a website stores on your device so that it can remember something about your visit.</p>
<p><strong>Essential cookies.</strong> We use a session cookie to keep you signed in to your account and a security cookie that protects our forms against misuse. These cookies are necessary for the site to work and do not track you across other websites.</p>
<p><strong>No advertising cookies.</strong> We do not use advertising or cross-site tracking cookies. The donation provider we link to may set its own cookies on its pages; please see its policy.</p>
<p>You can delete cookies at any time in your browser settings. If you block essential cookies, you will not be able to sign in.</p>`,
  },
  {
    name: "Terms",
    html: `<p>These terms apply to your use of the Almoner Foundation website. By using the site you agree to them.</p>
<p><strong>Content.</strong> We work hard to keep the information on this site accurate and up to date, but it is provided for general information only. Text and images belong to the Almoner Foundation or our partners and may not be reused for commercial purposes without permission.</p>
<p><strong>Accounts.</strong> You are responsible for keeping your password safe and for activity under your account. We may suspend accounts that are used to misuse the site.</p>
<p><strong>Donations.</strong> Donations are processed by our payment provider under its own terms. Please contact us if you believe a donation was made in error.</p>
<p><strong>Changes.</strong> We may update these terms from time to time. The version published here is the one that applies.</p>`,
  },
  {
    name: "PrivacyPolicy",
    html: `<p>The Almoner Foundation is the controller of the personal data collected through this website. We collect only what we need, keep it safe, and never sell it.</p>
<p><strong>What we collect.</strong> When you create an account we store your name, email address and a securely hashed password. When you write to us we store your message and the contact details you give us.</p>
<p><strong>Why.</strong> We use this data to run your account, to answer your messages and, if you ask us to, to keep you informed about our work. Our lawful bases are the performance of our agreement with you and our legitimate interest in responding to enquiries.</p>
<p><strong>How long.</strong> Contact messages are kept for two years. Account data is kept until you ask us to delete your account.</p>
<p><strong>Your rights.</strong> You may ask to see, correct or delete your data at any time by writing to us. You also have the right to complain to your data protection authority.</p>`,
  },
  {
    name: "DonateText1",
    html: `<h2>Your gift changes lives</h2>
<p>Every donation, large or small, goes directly to projects chosen by the communities they serve. Our running costs are met by our founding endowment, so your whole gift is put to work.</p>`,
  },
  {
    name: "DonateText2",
    html: `<h2>What your donation can do</h2>
<p>£10 buys a water filter that keeps a family of five safe from waterborne illness. £25 gives a child a full term of after-school tutoring and a bundle of books to take home. £50 seeds a savings circle with its first ledger, lockbox and training.</p>
<p>£120 trains a community health worker for a month, and they will go on to visit hundreds of households.</p>`,
  },
  {
    name: "DonateText3",
    html: `<h2>Other ways to give</h2>
<p>You can also give by bank transfer, set up a regular gift, or remember the foundation in your will. If you are a UK taxpayer, Gift Aid adds 25p to every pound at no cost to you.</p>
<p>Please contact us and we will gladly help you choose the way that suits you best.</p>`,
  },
];

export const imageWidgets: ImageWidgetCopy[] = [
  {
    name: "HomeImage",
    alt: "Sunrise over green hills",
    width: 1920,
    height: 1080,
    // The card with HomeText covers the left of the picture: the sun stays clear of it.
    art: { theme: "health", motif: "hills", sunOnTheRight: true },
  },
  {
    name: "HeaderImage",
    alt: "A warm sunrise over calm water",
    width: 1920,
    height: 600,
    art: { theme: "wealth", motif: "sunrise" },
  },
  {
    name: "Founder1Image",
    alt: "A placeholder portrait of our founder, Margaret Ellery",
    width: 900,
    height: 1100,
    art: { theme: "community", motif: "portrait" },
  },
  {
    name: "DonateImage1",
    alt: "A golden sunrise",
    width: 1200,
    height: 800,
    art: { theme: "education", motif: "sunrise" },
  },
  ...pageHeaders(),
];

/** Each content page's own header picture (the pages fall back to HeaderImage without one). */
function pageHeaders(): ImageWidgetCopy[] {
  const pages: [name: string, alt: string, art: ArtSpec][] = [
    ["AboutHeader", "Green hills under a morning sun", { theme: "health", motif: "hills" }],
    ["FoundersHeader", "Soft circles of light in blue", { theme: "community", motif: "circles" }],
    ["DonateHeader", "A golden sun rising over the sea", { theme: "wealth", motif: "sunrise" }],
    ["ContactHeader", "Rolling hills at dusk", { theme: "safety", motif: "hills" }],
    ["ProjectsHeader", "Bright circles of colour", { theme: "education", motif: "circles" }],
    ["BlogHeader", "A violet sunrise over still water", { theme: "education", motif: "sunrise" }],
    ["OpportunitiesHeader", "Warm hills in the evening light", { theme: "wealth", motif: "hills" }],
    ["LegalHeader", "Calm circles in soft blue", { theme: "community", motif: "circles" }],
  ];
  return pages.map(([name, alt, art]) => ({ name, alt, width: 1920, height: 600, art }));
}

export const projects: EntryCopy[] = [
  {
    title: "Clean Water, Healthy Homes",
    slug: "clean-water-healthy-homes",
    theme: "health",
    daysAgo: 420,
    article: `<p>Too many families still walk for hours to fetch water that makes their children ill. Clean Water, Healthy Homes works with village committees to drill and protect boreholes, install hand-washing stations at schools and clinics, and train local mechanics to keep every pump running.</p>
<p>Each committee owns its water point and collects a small maintenance fund, so repairs happen in days rather than months. Hygiene volunteers visit homes to share simple habits that halve the number of stomach infections.</p>
<h2>What the project provides</h2>
<ul>
<li>Protected boreholes and rainwater tanks</li>
<li>Hand-washing stations for schools and clinics</li>
<li>Training for pump mechanics and hygiene volunteers</li>
</ul>
<p>Since it began, the project has brought safe water within a fifteen-minute walk of more than 9,000 people.</p>`,
    images: [
      "A new hand pump in use",
      "Children washing hands at school",
      "A water committee meeting",
      "Rainwater tank beside a clinic",
    ],
  },
  {
    title: "Community Health Workers",
    slug: "community-health-workers",
    theme: "health",
    daysAgo: 390,
    article: `<p>In many rural areas the nearest clinic is half a day away. Our community health workers are trusted local people, trained to spot the early signs of illness, support mothers through pregnancy and make sure children are vaccinated on time.</p>
<p>Each worker receives six weeks of training, a bicycle, a medical kit and a monthly stipend. They visit around 120 households and refer anyone who needs a nurse or doctor, with transport paid for when it is needed.</p>
<p>Families tell us that what matters most is the visit itself: someone who knows their name and comes back.</p>`,
    images: [
      "A health worker on her rounds",
      "Weighing a baby at a home visit",
      "A training session in progress",
    ],
  },
  {
    title: "Money Matters Savings Circles",
    slug: "money-matters-savings-circles",
    theme: "wealth",
    daysAgo: 360,
    article: `<p>Savings circles are one of the oldest ideas in finance: a group of neighbours who meet each week, save together and lend to one another at fair rates. We help new circles get started with training, a lockbox and simple record books.</p>
<p>After a year, most members have built a cushion that keeps a bad harvest or a hospital bill from turning into a crisis. Many go on to start or grow a small business.</p>
<ul>
<li>Weekly meetings run by the members themselves</li>
<li>Financial literacy sessions on budgeting and borrowing</li>
<li>A share-out at the end of every cycle</li>
</ul>`,
    images: [
      "A savings circle meeting",
      "Counting the weekly savings",
      "Members holding their record books",
      "A share-out day celebration",
      "A market stall funded by a loan",
    ],
  },
  {
    title: "First Steps Small Business Fund",
    slug: "first-steps-small-business-fund",
    theme: "wealth",
    daysAgo: 330,
    article: `<p>Good ideas are everywhere; start-up capital is not. The First Steps fund offers small grants of up to £400 to people starting their first business, together with a volunteer mentor for the first year.</p>
<p>Applicants pitch their plan to a panel of local business owners. Tailors, bakers, phone repairers and beekeepers have all been funded, and four in five are still trading two years later.</p>
<p>Mentors meet their entrepreneurs monthly to help with pricing, bookkeeping and finding new customers.</p>`,
    images: [
      "A tailor at her sewing machine",
      "Fresh bread from a new bakery",
      "A mentor and entrepreneur at work",
    ],
  },
  {
    title: "Open Books Learning Centres",
    slug: "open-books-learning-centres",
    theme: "education",
    daysAgo: 300,
    article: `<p>Open Books turns community halls into bright after-school learning centres with a library, homework tables and trained tutors. Children come for help with reading and maths, and stay for the stories.</p>
<p>Each centre is run by a local coordinator and staffed by volunteer tutors, many of them former pupils. Parents are welcome too, with evening classes in reading and digital skills.</p>
<h2>This year</h2>
<ul>
<li>12 centres open five afternoons a week</li>
<li>More than 1,800 children enrolled</li>
<li>Reading scores up by an average of two grades</li>
</ul>`,
    images: [
      "Shelves of donated books",
      "A tutor helping with homework",
      "Story time at an Open Books centre",
      "An evening class for parents",
    ],
  },
  {
    title: "Safe Haven Programme",
    slug: "safe-haven-programme",
    theme: "safety",
    daysAgo: 270,
    article: `<p>Nobody should be afraid in their own home or on the way to school. The Safe Haven Programme funds emergency accommodation and caseworkers for families leaving violence, and works with parents and teachers to make the journey to school safer.</p>
<p>Caseworkers help families find a new home, register for benefits and schooling, and rebuild their confidence. Walking buses, better street lighting and trained crossing volunteers protect children on busy roads.</p>
<p>All of our safety work is led by specialist partners and follows strict safeguarding standards.</p>`,
    images: [
      "A walking bus on its way to school",
      "A bright new crossing point",
      "A caseworker meeting a family",
      "Volunteers in high-visibility vests",
    ],
  },
];

export const blogPosts: EntryCopy[] = [
  {
    title: "Our first borehole in the valley is flowing",
    slug: "first-borehole-in-the-valley",
    theme: "health",
    daysAgo: 6,
    article: `<p>After six months of planning with the village water committee, the first borehole of our new valley project is pumping clean water. On the opening morning there was a queue of children with yellow jerrycans before the ribbon had even been cut.</p>
<p>The committee has already trained two pump mechanics and opened a maintenance account. Two more boreholes are planned before the rainy season.</p>
<p>Thank you to everyone whose donations made this possible.</p>`,
    images: [
      "The opening of the new borehole",
      "A queue of yellow jerrycans",
      "The water committee with their tools",
    ],
  },
  {
    title: "What 300 savings circles taught us about trust",
    slug: "what-300-savings-circles-taught-us",
    theme: "wealth",
    daysAgo: 24,
    article: `<p>This month the three-hundredth Money Matters savings circle held its first meeting. We asked members of some of the longest-running circles what makes a circle succeed.</p>
<p>Their answers were remarkably consistent: meet at the same time every week, write everything down, and never let a loan go to a member the group does not know well. Money, it turns out, is the easy part; trust is what makes it work.</p>
<ul>
<li>Average savings per member after one year: £86</li>
<li>Loan repayment rate: 97%</li>
<li>Circles still meeting after three years: 9 in 10</li>
</ul>`,
    images: [
      "Members at a weekly meeting",
      "A page from a circle record book",
      "A member with her new goats",
      "Savings in the lockbox",
    ],
  },
  {
    title: "Back to school with 1,200 book bundles",
    slug: "back-to-school-book-bundles",
    theme: "education",
    daysAgo: 45,
    article: `<p>Volunteers packed and delivered 1,200 book bundles to children at our Open Books centres in time for the new school year. Each bundle holds three reading books chosen for the child's level, an exercise book and a set of pencils.</p>
<p>Tutors say that owning books at home is one of the strongest signs that a child will keep reading through the holidays.</p>`,
    images: [
      "Volunteers packing book bundles",
      "A child choosing a book",
      "Bundles ready for delivery",
      "Reading together at home",
      "A full library shelf",
    ],
  },
  {
    title: "A day with Grace, community health worker",
    slug: "a-day-with-grace",
    theme: "health",
    daysAgo: 71,
    article: `<p>Grace starts her rounds at seven, before the heat. By lunchtime she has weighed four babies, checked the blood pressure of two expectant mothers and arranged a lift to the clinic for an elderly man with a worrying cough.</p>
<p>"People tell me things they would not tell a doctor," she says, "because I am their neighbour." Grace is one of 64 community health workers supported by the foundation this year.</p>`,
    images: [
      "Grace setting out on her bicycle",
      "A home visit with a young mother",
      "Checking the medical kit",
    ],
  },
  {
    title: "Our annual review: a year of steady progress",
    slug: "annual-review-steady-progress",
    theme: "community",
    daysAgo: 98,
    article: `<p>Our annual review is out. It was a year of steady progress rather than headlines, and that is exactly what we hoped for.</p>
<ul>
<li>9,000 people with safe water close to home</li>
<li>1,800 children in after-school learning</li>
<li>300 savings circles, and 140 new small businesses</li>
<li>210 families supported to a safe new home</li>
</ul>
<p>The full review, including our audited accounts, is available on request. As always, we welcome your questions.</p>`,
    images: [
      "Trustees reviewing the year",
      "A map of our project areas",
      "Partners at the annual gathering",
      "A thank-you card from a pupil",
    ],
  },
  {
    title: "Walking buses make school mornings safer",
    slug: "walking-buses-safer-mornings",
    theme: "safety",
    daysAgo: 126,
    article: `<p>A walking bus is a group of children who walk to school together, led by trained adult volunteers in bright vests. It is simple, cheap and remarkably effective.</p>
<p>Since our Safe Haven partners introduced walking buses on three busy routes, parents report feeling far more confident about the journey, and attendance at the local primary school has risen.</p>`,
    images: [
      "A walking bus crossing the road",
      "Volunteers handing out vests",
      "Arriving safely at the school gate",
    ],
  },
  {
    title: "How your donation is spent",
    slug: "how-your-donation-is-spent",
    theme: "wealth",
    daysAgo: 160,
    article: `<p>We are often asked how much of a donation reaches the projects. The answer is all of it: our office, staff and running costs are paid from the founding endowment set up by Margaret Ellery and our early supporters.</p>
<p>Every project agrees a budget with us at the start and reports twice a year on spending and results. We visit each one at least annually, and an independent auditor checks our accounts.</p>`,
    images: [
      "A project budget meeting",
      "Reviewing a six-monthly report",
      "A site visit to a learning centre",
      "Our small office team",
    ],
  },
  {
    title: "Thank you to our volunteers",
    slug: "thank-you-to-our-volunteers",
    theme: "community",
    daysAgo: 198,
    article: `<p>This season more than 250 volunteers gave their time to the foundation: tutoring children, mentoring new business owners, fixing pumps, packing book bundles and answering the phone in our office.</p>
<p>We could not do this work without you. If you would like to join them, have a look at our current opportunities.</p>`,
    images: [
      "Volunteers at the summer picnic",
      "A tutor with her certificate",
      "Packing day in the warehouse",
      "A mentor meeting",
      "Group photo of the volunteer team",
    ],
  },
];

/**
 * Older news, so the blog has more than one page (24 a page). They share a handful of pictures
 * and have no gallery of their own, which keeps seeding quick.
 */
const archive: [title: string, theme: Theme, text: string][] = [
  [
    "Ten new water committees trained",
    "health",
    "Ten village water committees finished their training this month. Each now knows how to collect a maintenance fund, keep simple accounts and call a mechanic before a small fault becomes a broken pump.",
  ],
  [
    "Savings circles reach the coast",
    "wealth",
    "Our first savings circles outside the valley have started meeting in two fishing towns. Members told us that the hardest months are the ones when the boats stay in harbour, and that is exactly when their savings will help.",
  ],
  [
    "A new reading room opens its doors",
    "education",
    "A disused storeroom behind the market hall is now a bright reading room with four hundred books, a homework table and a tutor every weekday afternoon.",
  ],
  [
    "Street lights for the school lane",
    "safety",
    "After parents asked for it at a community meeting, solar street lights now line the lane to the primary school. Children walking home after football practice no longer do so in the dark.",
  ],
  [
    "Our volunteers gave 12,000 hours this year",
    "community",
    "Tutors, mentors, drivers, bakers and office helpers together gave more than twelve thousand hours to the foundation's work this year. Thank you, all of you.",
  ],
  [
    "Vaccination week in the hill villages",
    "health",
    "Community health workers walked the hill paths for a week with the district nurses, and more than six hundred children caught up on their vaccinations.",
  ],
  [
    "What a £400 grant can start",
    "wealth",
    "A phone repair stall, a bakery oven and a beehive: three of this season's First Steps grants, and the stories of the people who asked for them.",
  ],
  [
    "Parents back in the classroom",
    "education",
    "Evening classes for parents at our learning centres are full. Many want to help their children with homework; some are studying for qualifications of their own.",
  ],
  [
    "Safe houses: a caseworker's story",
    "safety",
    "Our Safe Haven caseworkers help families through the hardest weeks of their lives. One of them tells us what a good first day in a new home looks like.",
  ],
  [
    "A record year for the summer fun run",
    "community",
    "Four hundred runners, walkers and a few determined toddlers took part in this year's fun run, and together they raised enough to fund a learning centre for a year.",
  ],
  [
    "Hand-washing stations for six schools",
    "health",
    "Six schools now have hand-washing stations with soap and running water. Teachers report fewer days lost to stomach bugs since the start of term.",
  ],
  [
    "Bookkeeping made simple",
    "wealth",
    "A new picture-based record book makes it easier for savings circle members who do not read well to keep track of every payment.",
  ],
  [
    "Maths clubs go outdoors",
    "education",
    "Counting seeds, measuring fields and weighing the harvest: our tutors have taken maths out of the classroom, and the children love it.",
  ],
  [
    "Crossing volunteers get new training",
    "safety",
    "Twenty crossing volunteers took a refresher course with the local road safety team, and each received a new high-visibility coat for the winter.",
  ],
  [
    "Meet our new trustees",
    "community",
    "Two new trustees have joined the board: a head teacher with thirty years in rural schools, and an accountant who has volunteered as a financial coach since our very first year.",
  ],
  [
    "Clinic transport that arrives on time",
    "health",
    "A small fund for taxi and bus fares means that nobody misses a hospital appointment because they cannot pay to get there.",
  ],
  [
    "From savings circle to shop",
    "wealth",
    "Five years ago she joined a savings circle with a few coins a week. Today she runs the village's only general store.",
  ],
  [
    "A library on wheels",
    "education",
    "A converted minibus now carries books to four villages too small for a learning centre of their own.",
  ],
  [
    "Listening before we act",
    "community",
    "Every new project begins with weeks of listening. Here is what we asked, whom we asked, and what changed because of the answers.",
  ],
  [
    "How we choose our partners",
    "safety",
    "We work only with local organisations that have deep roots and strong safeguarding. These are the questions we ask before we fund anyone.",
  ],
];

export const archivePosts: Omit<EntryCopy, "images">[] = archive.map(
  ([title, theme, text], index) => ({
    title,
    slug: slugOf(title),
    theme,
    daysAgo: 220 + index * 34,
    article: `<p>${text}</p>\n<p>Read more about the projects behind this story under Our Focus, or write to us if you would like to help.</p>`,
  }),
);

function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/£/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const opportunities: EntryCopy[] = [
  {
    title: "Volunteer Reading Mentor",
    slug: "volunteer-reading-mentor",
    theme: "education",
    daysAgo: 20,
    article: `<p>Could you spare one afternoon a week to help a child fall in love with reading? Our reading mentors work one-to-one with pupils at our Open Books centres, listening, encouraging and sharing stories.</p>
<h2>What we ask</h2>
<ul>
<li>Two hours a week during term time, for at least six months</li>
<li>Patience, warmth and a love of books</li>
<li>A background check, which we arrange and pay for</li>
</ul>
<p>Full training is provided. Remote mentoring by video call is also possible.</p>`,
    images: [
      "A mentor reading with a pupil",
      "A quiet reading corner",
      "Mentors at a training morning",
    ],
  },
  {
    title: "Community Fundraising Champion",
    slug: "community-fundraising-champion",
    theme: "community",
    daysAgo: 52,
    article: `<p>Run a bake sale, climb a mountain or organise a quiz night: our fundraising champions raise money and awareness in their own communities, and have fun doing it.</p>
<p>We will send you a starter pack with ideas, posters and a collection box, and a member of our team will support you from first idea to final total.</p>`,
    images: [
      "A bake sale table",
      "Runners crossing the finish line",
      "A quiz night in full swing",
      "Counting the money raised",
    ],
  },
  {
    title: "Pro Bono Financial Coach",
    slug: "pro-bono-financial-coach",
    theme: "wealth",
    daysAgo: 88,
    article: `<p>Are you an accountant, banker or business owner? Share your experience with the entrepreneurs of our First Steps fund and the members of our savings circles.</p>
<p>Coaches meet their mentee once a month, in person or online, to help with pricing, bookkeeping, cash flow and planning for growth. Most coaching relationships last a year.</p>
<ul>
<li>Around three hours a month</li>
<li>Experience in finance or running a business</li>
<li>Good listening skills and a practical mind</li>
</ul>`,
    images: [
      "A coaching session at a market stall",
      "Going through the accounts together",
      "An entrepreneur with her first invoice",
      "A group workshop on budgeting",
      "Celebrating a first profitable month",
    ],
  },
  {
    title: "Safeguarding Trustee",
    slug: "safeguarding-trustee",
    theme: "safety",
    daysAgo: 140,
    article: `<p>We are looking for a new trustee to lead on safeguarding, helping us keep children and vulnerable adults safe in everything we do.</p>
<p>Trustees meet four times a year and join occasional project visits. The role is unpaid, and reasonable expenses are covered. Experience in social work, education, policing or a related field would be especially welcome.</p>
<p>To find out more, please write to us through the contact page.</p>`,
    images: [
      "Trustees at a board meeting",
      "A safeguarding training session",
      "A project visit with partners",
    ],
  },
];

export const testimonials: { name: string; score: number; review: string }[] = [
  {
    name: "Amina K.",
    score: 5,
    review: `<p>Joining a savings circle changed everything for my family. When my son was ill we had money put aside, and now I run a small tailoring business from home.</p>`,
  },
  {
    name: "David Okafor",
    score: 5,
    review: `<p>I have mentored with the foundation for two years. It is the most rewarding thing I do each week, and the team could not be more supportive.</p>`,
  },
  {
    name: "Sarah Whitfield",
    score: 4,
    review: `<p>I give every month because I can see exactly where the money goes. The reports are clear, honest and full of real stories.</p>`,
  },
];

export const gallery = {
  name: "Moments from the field",
  images: [
    {
      alt: "Clean water flowing at a new borehole",
      theme: "health",
      slug: "clean-water-healthy-homes",
    },
    {
      alt: "A savings circle counting its funds",
      theme: "wealth",
      slug: "money-matters-savings-circles",
    },
    {
      alt: "Story time at a learning centre",
      theme: "education",
      slug: "open-books-learning-centres",
    },
    { alt: "A walking bus on the way to school", theme: "safety", slug: "safe-haven-programme" },
    { alt: "A health worker on a home visit", theme: "health", slug: "community-health-workers" },
  ] satisfies { alt: string; theme: Theme; slug: string }[],
};
