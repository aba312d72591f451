// SPDX-License-Identifier: MIT
// A stand-in for USDT on the local chains: OpenZeppelin's ERC-20 with the decimals of the network it stands for
// (6 on Ethereum, 18 on BNB Smart Chain). Also deployed as the look-alike: same name, symbol and decimals.
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract TestToken is ERC20 {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply) ERC20(name_, symbol_) {
        _decimals = decimals_;
        _mint(msg.sender, initialSupply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
