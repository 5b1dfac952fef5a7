// Fixed catalog values of the sandbox (spec 4.2 vocabulary; v2 chains, intel categories, clusters).

export interface Term { slug: string; name: string }
export interface Chain extends Term { evm: boolean; shortName: string }

export const CRYPTO_CATEGORIES: readonly Term[] = [
  { slug: "defi", name: "DeFi" }, { slug: "layer-1", name: "Layer 1" }, { slug: "layer-2", name: "Layer 2" },
  { slug: "dex", name: "Decentralized Exchange" }, { slug: "lending", name: "Lending" },
  { slug: "stablecoins", name: "Stablecoins" }, { slug: "gaming", name: "Gaming" }, { slug: "ai", name: "AI" },
  { slug: "meme", name: "Meme" }, { slug: "rwa", name: "Real-World Assets" }, { slug: "nft", name: "NFT" },
  { slug: "infrastructure", name: "Infrastructure" }, { slug: "privacy", name: "Privacy" },
  { slug: "oracle", name: "Oracle" }, { slug: "restaking", name: "Restaking" }, { slug: "depin", name: "DePIN" },
];
export const TRADFI_CATEGORIES: readonly Term[] = [
  { slug: "equities", name: "Equities" }, { slug: "etf", name: "ETF" }, { slug: "commodities", name: "Commodities" },
  { slug: "fixed-income", name: "Fixed Income" },
];
export const CATEGORIES: readonly Term[] = [...CRYPTO_CATEGORIES, ...TRADFI_CATEGORIES];

/** v2 category filters also accept provider aliases (spec 4.1); alias -> canonical slug. */
export const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  "decentralized-finance-defi": "defi",
  "layer-1-l1": "layer-1",
  "layer-2-l2": "layer-2",
  "decentralized-exchange": "dex",
  "artificial-intelligence": "ai",
  "meme-token": "meme",
  "real-world-assets-rwa": "rwa",
};

export const CHAINS: readonly Chain[] = [
  { slug: "ethereum", name: "Ethereum", shortName: "eth", evm: true },
  { slug: "base", name: "Base", shortName: "base", evm: true },
  { slug: "arbitrum", name: "Arbitrum One", shortName: "arb", evm: true },
  { slug: "optimism", name: "OP Mainnet", shortName: "op", evm: true },
  { slug: "polygon", name: "Polygon PoS", shortName: "matic", evm: true },
  { slug: "bsc", name: "BNB Smart Chain", shortName: "bsc", evm: true },
  { slug: "avalanche", name: "Avalanche C-Chain", shortName: "avax", evm: true },
  { slug: "solana", name: "Solana", shortName: "sol", evm: false },
  { slug: "tron", name: "Tron", shortName: "trx", evm: false },
];
export const EVM_CHAINS: ReadonlySet<string> = new Set(CHAINS.filter((c) => c.evm).map((c) => c.slug));

export const ASSET_TYPES: readonly Term[] = [
  { slug: "token", name: "Token" }, { slug: "nft", name: "NFT collection" }, { slug: "lp-token", name: "Liquidity pool token" },
  { slug: "tokenized-security", name: "Tokenized security" },
];

export const INTEL_CATEGORIES: readonly (Term & { description: string })[] = [
  { slug: "partnership", name: "Partnership", description: "A new or expanded partnership" },
  { slug: "listing", name: "Listing", description: "An exchange or index listing" },
  { slug: "product-launch", name: "Product launch", description: "A product, feature or network launch" },
  { slug: "governance", name: "Governance", description: "A governance proposal or vote" },
  { slug: "security", name: "Security", description: "An exploit, audit or security incident" },
  { slug: "funding", name: "Funding", description: "A funding round or treasury move" },
  { slug: "tokenomics", name: "Tokenomics", description: "Supply, emission or unlock changes" },
  { slug: "regulatory", name: "Regulatory", description: "A regulatory action or filing" },
  { slug: "integration", name: "Integration", description: "An integration with another protocol" },
  { slug: "airdrop", name: "Airdrop", description: "An airdrop or incentive programme" },
];

export const CLUSTER_NAMES: readonly string[] = [
  "DeFi Researchers", "On-chain Analysts", "Exchange Watchers", "Venture Funds", "Core Developers",
  "Security Auditors", "Macro Traders", "NFT Collectors", "Governance Delegates", "Crypto Media",
  "Quant Funds", "Retail Communities",
];

export const STANCES = ["bullish", "bearish", "mixed", "neutral"] as const;
