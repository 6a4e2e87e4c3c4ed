/**
 * Economics Class 12: a full 80-mark, 3-hour paper in the CBSE 2025–26 blueprint (34 questions).
 * Section A Macroeconomics (40 marks): Q1–10 of 1 mark, Q11–12 of 3, Q13–15 of 4, Q16–17 of 6.
 * Section B Indian Economic Development (40 marks): Q18–27 of 1 mark, Q28–29 of 3, Q30–32 of 4,
 * Q33–34 of 6. Every question written for this store; the data in tables are made up for the question.
 */
import { ar, type BoardPaper, either, mcq, numeric, one, table, written } from "./build";

const NATIONAL_INCOME = "National Income Accounting";
const MONEY = "Money and Banking";
const INCOME = "Determination of Income and Employment";
const BUDGET = "Government Budget and the Economy";
const OPEN = "Open Economy Macroeconomics";
const EVE = "Indian Economy on the Eve of Independence";
const PLANS = "Indian Economy 1950–1990";
const LPG = "Liberalisation, Privatisation and Globalisation";
const HUMAN = "Human Capital Formation in India";
const RURAL = "Rural Development";
const EMPLOYMENT = "Employment: Growth, Informalisation and Other Issues";
const ENVIRONMENT = "Environment and Sustainable Development";
const NEIGHBOURS = "Comparative Development Experiences of India and its Neighbours";

/* ------------------------------------------------------- Section A: Macroeconomics */

const q1 = mcq(
  NATIONAL_INCOME,
  "Which of the following is included in the national income of India?",
  [
    "Purchase of a second-hand car",
    "Commission paid to a broker on the sale of a second-hand car",
    "Old-age pension paid by the government",
    "Winnings from a lottery",
  ],
  1,
  "The broker's commission pays for a service produced in the year. The second-hand car was counted when it was made; pensions and lottery winnings are transfers with no production in return.",
);

const q2 = numeric(
  NATIONAL_INCOME,
  1,
  "GDP at market price is ₹5,000 crore, consumption of fixed capital ₹300 crore, net indirect taxes ₹400 crore and net factor income from abroad (−) ₹100 crore. Calculate NNP at factor cost (₹ crore).",
  4200,
  0,
  "NNPfc = GDPmp − depreciation − net indirect taxes + NFIA = 5,000 − 300 − 400 + (−100) = ₹4,200 crore.",
);

const q3 = mcq(
  MONEY,
  "Which of the following is NOT a quantitative instrument of credit control used by the Reserve Bank of India?",
  ["Repo rate", "Cash Reserve Ratio", "Open market operations", "Moral suasion"],
  3,
  "Moral suasion (persuading banks by advice and pressure) is a qualitative instrument; the others change the volume of credit.",
  "easy",
);

const q4 = mcq(
  MONEY,
  "If the Legal Reserve Ratio is raised, the money multiplier:",
  ["rises", "falls", "remains the same", "becomes zero"],
  1,
  "Money multiplier = 1 / LRR: a higher reserve ratio leaves banks less to lend, so the multiplier falls.",
  "easy",
);

const q5 = numeric(
  INCOME,
  1,
  "In an economy the marginal propensity to save is 0.25. Investment rises by ₹500 crore. Calculate the resulting increase in income (₹ crore).",
  2000,
  0,
  "Multiplier k = 1 / MPS = 1 / 0.25 = 4. ΔY = k × ΔI = 4 × ₹500 crore = ₹2,000 crore.",
);

const q6 = ar(
  INCOME,
  "At the equilibrium level of income, planned saving equals planned investment.",
  "At equilibrium, aggregate demand equals aggregate supply.",
  0,
  "Both are true, and R explains A: in a two-sector economy AD = C + I and AS = C + S, so AD = AS means S = I.",
);

const q7 = mcq(
  INCOME,
  "When aggregate demand falls short of aggregate supply at the full-employment level of output, the shortfall is called:",
  ["inflationary gap", "deflationary gap", "excess demand", "full-employment equilibrium"],
  1,
  "Deficient demand at full employment is measured by the deflationary gap; excess demand by the inflationary gap.",
  "easy",
);

const q8 = mcq(
  BUDGET,
  "Which of the following is a capital receipt of the government?",
  ["Recovery of loans", "Income tax", "Interest received", "Dividends from public enterprises"],
  0,
  "Recovery of loans reduces the government's assets, so it is a capital receipt. Taxes, interest and dividends create no liability and reduce no asset: they are revenue receipts.",
);

const q9 = ar(
  BUDGET,
  "Fiscal deficit shows the borrowing requirement of the government.",
  "Fiscal deficit is total expenditure minus total receipts including borrowings.",
  2,
  "A is true, R is false: fiscal deficit is total expenditure minus total receipts excluding borrowings, and that gap is what the government must borrow.",
  "hard",
);

const q10 = mcq(
  OPEN,
  "Under a flexible exchange rate system, a rise in foreign demand for Indian goods will, other things being equal:",
  ["appreciate the rupee", "depreciate the rupee", "leave the exchange rate unchanged", "devalue the rupee"],
  0,
  "Foreigners paying for Indian goods supply more foreign exchange; with more supply of dollars, fewer rupees buy a dollar, so the rupee appreciates.",
);

const q11 = written(
  NATIONAL_INCOME,
  3,
  "Distinguish between nominal GDP and real GDP. Which of the two is a better measure of economic welfare? Give a reason.",
  [
    "**Nominal GDP** values the goods and services produced in a year at that year's (current) prices; **real GDP** values them at the prices of a base year (constant prices).",
    "Nominal GDP can rise only because prices rise; real GDP rises only when output rises.",
    "**Real GDP** is the better measure of welfare, since welfare depends on the goods and services available to people, not on their prices.",
  ].join("\n"),
  [
    "1 mark: current prices vs base-year (constant) prices",
    "1 mark: nominal GDP changes with prices, real GDP with output only",
    "1 mark: real GDP is better, with the reason",
  ],
  "Removing the effect of price changes leaves only the change in production, which is what matters for welfare.",
  { theory: true, difficulty: "easy" },
);

const q11or = written(
  NATIONAL_INCOME,
  3,
  "What is the problem of double counting in estimating national income? Explain with an example how it can be avoided.",
  [
    "Double counting is counting the value of a good more than once, by counting intermediate goods along with the final goods that contain them.",
    "Example: a farmer sells wheat for ₹100 to a miller, the miller sells flour for ₹150 to a baker, the baker sells bread for ₹200. Adding all sales gives ₹450, though only ₹200 of final output was produced.",
    "It is avoided by counting only final goods (₹200), or by the value-added method: ₹100 + ₹50 + ₹50 = ₹200.",
  ].join("\n"),
  [
    "1 mark: meaning of double counting",
    "1 mark: an example with figures",
    "1 mark: final-product or value-added method to avoid it",
  ],
  "Intermediate goods are already inside the value of final goods; counting them again overstates output.",
  { theory: true },
);

const q12 = written(
  MONEY,
  3,
  "Explain the 'lender of last resort' function of the central bank.",
  [
    "When a commercial bank faces a shortage of funds and cannot borrow elsewhere, the central bank lends to it, against approved securities or by rediscounting its bills.",
    "This saves the bank from failing in a crisis (e.g. a sudden rush of withdrawals) and protects depositors.",
    "It keeps public confidence in the banking system and so keeps the whole financial system stable.",
  ].join("\n"),
  [
    "1 mark: the central bank lends when no other source will",
    "1 mark: it saves banks from failure in a crisis",
    "1 mark: it keeps confidence in the banking system",
  ],
  "As lender of last resort the Reserve Bank stands behind the commercial banks, so a temporary shortage of cash does not become a run.",
  { theory: true, difficulty: "easy" },
);

const q13 = numeric(
  NATIONAL_INCOME,
  4,
  [
    "Calculate national income (NNP at factor cost, ₹ crore) by the income method from the following data:",
    "",
    table(
      ["Items", "₹ crore"],
      [
        ["(i) Compensation of employees", "2,000"],
        ["(ii) Rent", "400"],
        ["(iii) Interest", "300"],
        ["(iv) Profit", "900"],
        ["(v) Mixed income of the self-employed", "600"],
        ["(vi) Net factor income from abroad", "(−) 50"],
        ["(vii) Consumption of fixed capital", "200"],
        ["(viii) Net indirect taxes", "250"],
        ["(ix) Private final consumption expenditure", "3,500"],
      ],
    ),
  ].join("\n"),
  4150,
  0,
  "NDPfc = compensation of employees + operating surplus (rent + interest + profit) + mixed income = 2,000 + 400 + 300 + 900 + 600 = 4,200. NNPfc = NDPfc + NFIA = 4,200 − 50 = ₹4,150 crore. Depreciation, net indirect taxes and consumption expenditure are not used by this method.",
  "hard",
);

const q13or = numeric(
  NATIONAL_INCOME,
  4,
  [
    "Calculate gross domestic product at market price (₹ crore) by the expenditure method from the following data:",
    "",
    table(
      ["Items", "₹ crore"],
      [
        ["(i) Private final consumption expenditure", "3,000"],
        ["(ii) Government final consumption expenditure", "800"],
        ["(iii) Net domestic capital formation", "500"],
        ["(iv) Consumption of fixed capital", "150"],
        ["(v) Net exports", "(−) 60"],
        ["(vi) Net factor income from abroad", "40"],
      ],
    ),
  ].join("\n"),
  4390,
  0,
  "GDPmp = PFCE + GFCE + gross domestic capital formation (net + depreciation) + net exports = 3,000 + 800 + (500 + 150) + (−60) = ₹4,390 crore. NFIA is not part of domestic product.",
  "hard",
);

const q14 = numeric(
  INCOME,
  4,
  "In an economy the consumption function is C = 100 + 0.75Y and autonomous investment is ₹500 crore. Calculate the equilibrium level of income (₹ crore).",
  2400,
  0,
  "At equilibrium Y = C + I: Y = 100 + 0.75Y + 500, so 0.25Y = 600 and Y = ₹2,400 crore. Check: saving = −100 + 0.25 × 2,400 = 500 = investment.",
);

const q15 = written(
  BUDGET,
  4,
  "Explain how the government budget can be used to reduce inequalities of income and wealth.",
  [
    "**Taxation:** progressive income tax and higher taxes on luxury goods take a larger share from the rich, reducing their disposable income.",
    "**Expenditure:** the government spends on the poor: free or subsidised education and health care, food through the public distribution system, and employment schemes.",
    "**Subsidies and transfers:** subsidies on essentials and transfer payments such as old-age pensions raise the real income of the poor.",
    "Together, taxing more at the top and spending more at the bottom narrows the gap between rich and poor.",
  ].join("\n"),
  ["2 marks: progressive taxation (and taxes on luxuries)", "2 marks: spending, subsidies and transfers for the poor"],
  "Redistribution is one of the budget's objectives: it works through both who pays the taxes and who gets the spending.",
  { theory: true },
);

const q15or = written(
  OPEN,
  4,
  "Distinguish between the current account and the capital account of the balance of payments, with an example of each.",
  table(
    ["Basis", "Current account", "Capital account"],
    [
      [
        "Records",
        "Exports and imports of goods and services, income and current transfers",
        "Transactions in assets and liabilities: investment, borrowing and lending",
      ],
      ["Effect", "Does not change the country's assets or liabilities", "Changes the country's assets or liabilities"],
      ["Nature", "Flow of the year's income and spending", "Stock changes (claims on and by foreigners)"],
      [
        "Example",
        "Export of software services; remittances from Indians working abroad",
        "Foreign direct investment; external commercial borrowing",
      ],
    ],
  ),
  ["1 mark each for three bases of distinction", "1 mark: a correct example of each account"],
  "The test is whether a transaction creates or settles a claim: if it does, it is a capital account item.",
  { theory: true },
);

const q16 = written(
  MONEY,
  6,
  "Explain the process of money (credit) creation by commercial banks, using an initial deposit of ₹10,000 and a Legal Reserve Ratio of 20%.",
  [
    "Banks keep only a fraction of deposits as reserves and lend the rest; the loans come back to banks as new deposits, and the process repeats.",
    "",
    table(
      ["Round", "Deposits (₹)", "Reserves at 20% (₹)", "Loans (₹)"],
      [
        ["Initial deposit", "10,000", "2,000", "8,000"],
        ["Second round", "8,000", "1,600", "6,400"],
        ["Third round", "6,400", "1,280", "5,120"],
        ["…", "…", "…", "…"],
        ["**Total**", "**50,000**", "**10,000**", "**40,000**"],
      ],
    ),
    "",
    "Money multiplier = 1 / LRR = 1 / 0.2 = 5, so total deposits = 5 × ₹10,000 = ₹50,000. The process stops when the whole initial deposit is held as reserves (₹10,000).",
  ].join("\n"),
  [
    "2 marks: banks keep a fraction as reserves and lend the rest, which returns as deposits",
    "2 marks: the rounds of deposits, reserves and loans",
    "2 marks: multiplier 5 and total deposits ₹50,000",
  ],
  "Each round the deposits shrink by the reserve ratio, so the total is the initial deposit times 1 / LRR.",
  { theory: true, difficulty: "hard" },
);

const q16or = written(
  MONEY,
  6,
  "Explain how the Reserve Bank of India can use (a) the repo rate, (b) the Cash Reserve Ratio and (c) open market operations to control excess credit in the economy.",
  [
    "(a) **Repo rate:** the rate at which the RBI lends to banks for short periods. Raising it makes borrowing from the RBI dearer; banks raise their lending rates, and people borrow less.",
    "(b) **Cash Reserve Ratio:** the share of deposits banks must keep with the RBI. Raising it leaves banks less to lend and lowers the money multiplier.",
    "(c) **Open market operations:** the RBI's buying and selling of government securities. To cut credit it sells securities; buyers pay from their bank deposits, so banks' reserves and their lending fall.",
  ].join("\n"),
  ["2 marks each: the instrument, how it is changed and how it reduces credit"],
  "All three make credit dearer or scarcer; in excess demand the RBI raises rates and ratios and sells securities.",
  { theory: true },
);

const q17 = written(
  INCOME,
  6,
  "What is meant by excess demand? Explain, with the help of a diagram, the inflationary gap, and explain two fiscal and two monetary measures to correct excess demand.",
  [
    "**Excess demand** is the situation in which aggregate demand exceeds aggregate supply at the full-employment level of output.",
    "**Diagram (described):** income on the x-axis, AD on the y-axis, with a 45° line (AS). The full-employment income is marked on the x-axis. The AD line meets the vertical at full-employment income above the 45° line; the vertical distance between AD and the 45° line at that income is the **inflationary gap**. Since output cannot rise beyond full employment, the gap only raises prices.",
    "**Fiscal measures:** (1) raise taxes to cut disposable income and consumption; (2) reduce government expenditure.",
    "**Monetary measures:** (1) raise the repo rate (and bank rate) so credit becomes dearer; (2) sell government securities in the open market or raise the CRR to cut banks' lending.",
  ].join("\n"),
  [
    "1 mark: meaning of excess demand",
    "1 mark: diagram with the inflationary gap shown at full-employment income",
    "2 marks: two fiscal measures",
    "2 marks: two monetary measures",
  ],
  "Excess demand at full employment cannot raise output, so it raises prices; the cure is to reduce AD through the budget and through credit.",
  { theory: true, difficulty: "hard" },
);

/* ------------------------------------------- Section B: Indian Economic Development */

const q18 = mcq(
  EVE,
  "Which of the following was a major cause of the decline of India's handicraft industries under British rule?",
  [
    "Competition from cheap machine-made goods from Britain",
    "High import duties on British goods",
    "Nationalisation of industries",
    "The Green Revolution",
  ],
  0,
  "Machine-made British goods entered India almost duty-free and undersold Indian handicrafts, while Indian goods faced duties in Britain.",
  "easy",
);

const q19 = mcq(
  PLANS,
  "The Green Revolution in India was mainly the result of using:",
  [
    "high-yielding variety (HYV) seeds with fertilisers and assured irrigation",
    "land ceiling laws alone",
    "cooperative farming only",
    "cottage industries in villages",
  ],
  0,
  "The jump in food-grain output from the late 1960s came from HYV seeds, used with fertilisers, pesticides and assured water.",
  "easy",
);

const q20 = mcq(
  PLANS,
  "The Industrial Policy Resolution of 1956 classified industries into:",
  ["two categories", "three categories", "four categories", "five categories"],
  1,
  "Schedule A (exclusively the state's), Schedule B (the state to set up new units, private firms to add) and the rest (private sector).",
);

const q21 = ar(
  LPG,
  "Under the New Economic Policy of 1991, industrial licensing was abolished for most industries.",
  "The policy aimed to reduce the role of the state and to let private enterprise expand.",
  0,
  "Both are true, and R explains A: removing licences was one way of freeing private enterprise from state control.",
);

const q22 = mcq(
  LPG,
  "Disinvestment means:",
  [
    "selling part of the government's equity in public sector enterprises",
    "withdrawing foreign investment from India",
    "closing down loss-making private firms",
    "cutting government expenditure on investment",
  ],
  0,
  "In disinvestment the government sells part of its shares in public sector enterprises to the public or to private firms.",
  "easy",
);

const q23 = mcq(
  HUMAN,
  "Which of the following is a source of human capital formation?",
  ["Expenditure on education", "Expenditure on defence", "Purchase of machinery", "Import of gold"],
  0,
  "Education raises people's skills and productivity; machinery is physical capital, defence and gold are neither.",
  "easy",
);

const q24 = ar(
  RURAL,
  "Diversification into allied activities such as animal husbandry and fisheries reduces the risk in rural livelihoods.",
  "Agriculture alone provides enough employment all the year round in rural areas.",
  2,
  "A is true, R is false: farming is seasonal and leaves workers idle part of the year, which is why other activities are needed.",
);

const q25 = mcq(
  EMPLOYMENT,
  "A street vendor who works on his own account and employs no one is a:",
  ["casual wage labourer", "regular salaried employee", "self-employed worker", "hired worker"],
  2,
  "Workers who own and run their own enterprise are self-employed; wage labourers and salaried employees work for others.",
  "easy",
);

const q26 = mcq(
  ENVIRONMENT,
  "Which of the following is a renewable resource?",
  ["Coal", "Solar energy", "Natural gas", "Petroleum"],
  1,
  "Solar energy is not used up by use; coal, gas and petroleum are fossil fuels that cannot be replaced.",
  "easy",
);

const q27 = mcq(
  NEIGHBOURS,
  "The 'Great Leap Forward' campaign was launched in:",
  ["China in 1958", "Pakistan in 1958", "India in 1951", "China in 1978"],
  0,
  "China launched the Great Leap Forward in 1958 to industrialise rapidly; its economic reforms began in 1978.",
);

const q28 = written(
  EVE,
  3,
  "Explain any three reasons for the stagnation of Indian agriculture under colonial rule.",
  [
    "1. **Land settlement systems:** under the zamindari system the zamindars collected high rents and had little interest in improving the land.",
    "2. **Commercialisation of agriculture:** farmers were pushed to grow cash crops for British industry instead of food grains.",
    "3. **Low investment and technology:** little irrigation, fertiliser or new technology reached farmers, so yields stayed low.",
    "(Also accepted: the partition's effect on irrigated land, heavy debt of farmers.)",
  ].join("\n"),
  ["1 mark each for three reasons, each explained"],
  "Colonial agriculture produced revenue and raw materials for Britain, not higher yields for India.",
  { theory: true, difficulty: "easy" },
);

const q28or = written(
  EVE,
  3,
  "Describe any three features of India's foreign trade under colonial rule.",
  [
    "1. **Exporter of raw materials:** India exported raw silk, cotton, jute and indigo, and imported finished goods from Britain.",
    "2. **Britain's monopoly:** more than half of India's trade was with Britain, which kept control over it.",
    "3. **Export surplus drained away:** India's large export surplus was used to pay for the British administration and wars (the drain), not to bring goods into India.",
  ].join("\n"),
  ["1 mark each for three features, each explained"],
  "The pattern of trade served Britain's industry, and the surplus it earned left the country.",
  { theory: true },
);

const q29 = written(
  HUMAN,
  3,
  "Distinguish between human capital and human development.",
  table(
    ["Basis", "Human capital", "Human development"],
    [
      [
        "Meaning",
        "The stock of skill and expertise of a nation's people",
        "The widening of people's choices and well-being",
      ],
      ["View of people", "People are a means to higher productivity and output", "People are an end in themselves"],
      [
        "Education and health",
        "Worth investing in if they raise productivity",
        "Worth having for their own sake, even without higher output",
      ],
    ],
  ),
  ["1 mark each for three bases of distinction"],
  "Human capital asks what education and health do for output; human development values them as part of a good life.",
  { theory: true },
);

const q30 = written(
  EMPLOYMENT,
  4,
  [
    "Study the following illustrative data on the workforce of a state and answer the questions:",
    "",
    table(
      ["Status of workers", "Rural %", "Urban %"],
      [
        ["Self-employed", "60", "40"],
        ["Regular salaried employees", "12", "48"],
        ["Casual wage labourers", "28", "12"],
        ["**Total**", "**100**", "**100**"],
      ],
    ),
    "",
    "(a) Why are most rural workers self-employed? (b) Why is the share of regular salaried employees much higher in urban areas?",
  ].join("\n"),
  [
    "(a) Most rural workers farm their own land or run small family enterprises (shops, crafts, dairy), so they work on their own account; few factories or offices in villages offer regular jobs.",
    "(b) Towns have factories, offices, banks, schools and hospitals that employ people on regular wages; urban workers are also more educated and skilled, which these jobs require.",
  ].join("\n"),
  [
    "2 marks: rural self-employment from land ownership and family enterprises, few regular jobs",
    "2 marks: urban regular jobs from industry and services, and more education and skill",
  ],
  "The table shows 60% of rural workers self-employed against 48% of urban workers in regular salaried jobs: where the jobs are, and who can do them, decides the status of work.",
  { theory: true },
);

const q31 = written(
  RURAL,
  4,
  "Explain the role of self-help groups (SHGs) in meeting the credit needs of rural households.",
  [
    "1. **Thrift and pooling:** members save small amounts regularly and pool them, and lend to members from the pool.",
    "2. **Credit without collateral:** loans are given at reasonable interest without security, on the group's guarantee, to people banks would turn away.",
    "3. **Link to banks:** once a group has run well, banks lend to it (SHG–bank linkage), so members reach formal credit.",
    "4. **Freedom from moneylenders and empowerment:** members escape the moneylender's high interest, and women in particular gain income and a voice.",
  ].join("\n"),
  ["1 mark each for four roles, each explained"],
  "SHGs are the micro-credit answer to the problem that small rural borrowers have no collateral.",
  { theory: true, difficulty: "easy" },
);

const q32 = written(
  ENVIRONMENT,
  4,
  "Explain any two strategies for sustainable development.",
  [
    "1. **Non-conventional sources of energy:** solar, wind and small hydel power replace coal and oil, so they cut pollution and do not run out.",
    "2. **Organic farming and bio-composting:** compost and natural manures replace chemical fertilisers and pesticides, keeping soil fertile and water clean for the future.",
    "(Also accepted: LPG and gobar gas in rural areas, CNG in urban transport, traditional knowledge and practices, mini-hydel plants.)",
  ].join("\n"),
  ["2 marks each for two strategies, each explained"],
  "Sustainable development meets today's needs without reducing what future generations can have; each strategy replaces a harmful practice with a renewable one.",
  { theory: true, difficulty: "easy" },
);

const q33 = written(
  LPG,
  6,
  "Critically assess the impact of globalisation on the Indian economy.",
  [
    "**Positive effects:**",
    "1. More foreign direct and portfolio investment, and larger foreign exchange reserves.",
    "2. Faster growth of services (IT, telecom, finance) and of exports of software and services.",
    "3. Consumers get better-quality goods at lower prices and more choice.",
    "**Negative effects:**",
    "1. Agriculture gained little: public investment in it fell and farmers faced world price swings.",
    "2. Small industries suffered from competition with cheap imports and large firms.",
    "3. Growth created too few jobs, much of it in informal work, and inequality widened.",
    "**Conclusion:** globalisation raised growth and efficiency, but its benefits have been uneven, so it needs to be combined with support for agriculture, small industry and employment.",
  ].join("\n"),
  [
    "3 marks: three positive effects explained",
    "3 marks: three negative effects explained (with a balanced conclusion)",
  ],
  "A 'critically assess' question wants both sides and a judgement, not a list of benefits alone.",
  { theory: true, difficulty: "hard" },
);

const q33or = written(
  LPG,
  6,
  "Explain the reforms in the financial sector and in the tax system introduced since 1991.",
  [
    "**Financial sector reforms:**",
    "1. The RBI changed from regulator of the financial sector to its facilitator: interest rates were largely freed to be set by banks.",
    "2. Private Indian and foreign banks were allowed to set up, increasing competition.",
    "3. Foreign institutional investors were allowed to invest in Indian financial markets; the limit of foreign investment in banks was raised.",
    "**Tax reforms:**",
    "1. Rates of personal and corporation income tax were reduced, to encourage saving and honest payment.",
    "2. Indirect taxes were reformed to create a common national market, leading to the Goods and Services Tax (2017).",
    "3. Procedures were simplified to improve compliance.",
  ].join("\n"),
  ["3 marks: three financial-sector reforms", "3 marks: three tax reforms"],
  "Both sets of reforms reduced state control and relied more on markets and competition.",
  { theory: true },
);

const q34 = written(
  NEIGHBOURS,
  6,
  "Compare the development strategies of India and China since the late 1970s, and give reasons why China's growth has been faster.",
  [
    "**India:** planned, mixed economy with a large public sector until 1991; reforms (LPG) from 1991 under external pressure (the balance of payments crisis); growth led by services.",
    "**China:** reforms from 1978 by its own choice; began with agriculture (the commune system ended, land given to households), then industry, special economic zones and foreign investment; growth led by manufacturing.",
    "**Reasons for China's faster growth:**",
    "1. Early start of reforms (1978 against 1991).",
    "2. Earlier investment in basic health, education and land reform gave it a healthy, literate workforce.",
    "3. Special economic zones attracted foreign investment and export-led manufacturing on a large scale.",
    "4. Higher rates of saving and investment in infrastructure.",
  ].join("\n"),
  ["2 marks: India's strategy", "2 marks: China's strategy", "2 marks: reasons for China's faster growth (any two)"],
  "The key differences are timing, the sector that led growth (manufacturing against services), and China's earlier social infrastructure.",
  { theory: true, difficulty: "hard" },
);

export const economicsPaper: BoardPaper = {
  title: "Economics Class 12 — Board Mock Paper (CBSE 2025–26)",
  subject: "economics",
  classLevel: "12",
  price: 199,
  timeLimitMinutes: 180,
  negativePercent: 0,
  pattern: "CBSE Class 12 Economics board pattern 2025–26: 80 marks, 3 hours, 34 questions",
  description:
    "A full 80-mark, 3-hour Economics paper in the CBSE 2025–26 pattern: Section A Macroeconomics and Section B Indian Economic Development, 40 marks each, with numerical questions on national income and the multiplier, data tables, internal choices on longer questions, and a model answer with marking points for every written answer.",
  instructions: [
    "General Instructions:",
    "1. This paper has 34 questions in two sections: Section A Macroeconomics (40 marks) and Section B Indian Economic Development (40 marks). All questions are compulsory.",
    "2. Questions 1–10 and 18–27 carry 1 mark each.",
    "3. Questions 11, 12, 28 and 29 carry 3 marks each; questions 13–15 and 30–32 carry 4 marks each; questions 16, 17, 33 and 34 carry 6 marks each.",
    "4. Keep to the word limit printed with a written answer: 50–75 words for 3 marks, 75–100 for 4 and 100–150 for 6.",
    "5. Numerical questions need only the final number; work them out on paper.",
    "6. Some questions offer an internal choice (OR): answer only one of the alternatives.",
    "7. There is no negative marking. Mark your written answers yourself against the model answer after submitting.",
  ].join("\n"),
  sections: [
    {
      title: "Section A",
      instructions: "Macroeconomics (40 marks). Attempt all questions.",
      group: null,
      items: [
        one(q1),
        one(q2),
        one(q3),
        one(q4),
        one(q5),
        one(q6),
        one(q7),
        one(q8),
        one(q9),
        one(q10),
        either(q11, q11or),
        one(q12),
        either(q13, q13or),
        one(q14),
        either(q15, q15or),
        either(q16, q16or),
        one(q17),
      ],
    },
    {
      title: "Section B",
      instructions: "Indian Economic Development (40 marks). Attempt all questions.",
      group: null,
      items: [
        one(q18),
        one(q19),
        one(q20),
        one(q21),
        one(q22),
        one(q23),
        one(q24),
        one(q25),
        one(q26),
        one(q27),
        either(q28, q28or),
        one(q29),
        one(q30),
        one(q31),
        one(q32),
        either(q33, q33or),
        one(q34),
      ],
    },
  ],
};
