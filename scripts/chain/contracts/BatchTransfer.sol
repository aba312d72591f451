// SPDX-License-Identifier: MIT
// One transaction that emits several `Transfer` logs, as exchanges' batched payouts do: the sender approves this
// contract, which moves each amount from the sender with transferFrom. Each transfer names its own token, so one
// transaction can carry a USDT log and a look-alike's.
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

contract BatchTransfer {
    using SafeERC20 for IERC20;

    error LengthMismatch();

    function batch(IERC20[] calldata tokens, address[] calldata to, uint256[] calldata amounts) external {
        if (tokens.length != to.length || to.length != amounts.length) revert LengthMismatch();
        for (uint256 i = 0; i < to.length; i++) {
            tokens[i].safeTransferFrom(msg.sender, to[i], amounts[i]);
        }
    }
}
